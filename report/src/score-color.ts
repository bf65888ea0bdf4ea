/**
 * The colour scale for scores: soft red at 0, soft amber at 0.5, soft green at 1, light enough that
 * dark text stays readable on it. Used as a cell background; the number is always printed too.
 */
type Rgb = readonly [number, number, number];

const LOW: Rgb = [246, 200, 195];
const MIDDLE: Rgb = [250, 234, 190];
const HIGH: Rgb = [198, 231, 205];

function mix(from: Rgb, to: Rgb, share: number): string {
  const channel = (index: 0 | 1 | 2): number => Math.round(from[index] + (to[index] - from[index]) * share);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/** The background for a score in [0, 1] (clamped), or undefined for no score. */
export function scoreColor(score: number | null | undefined): string | undefined {
  if (typeof score !== 'number' || !Number.isFinite(score)) return undefined;
  const value = Math.min(1, Math.max(0, score));
  return value <= 0.5 ? mix(LOW, MIDDLE, value / 0.5) : mix(MIDDLE, HIGH, (value - 0.5) / 0.5);
}

/** The text colour for a change between two scores: green up, red down, none for (almost) no change. */
export function deltaColor(delta: number | null | undefined): string | undefined {
  if (typeof delta !== 'number' || !Number.isFinite(delta) || Math.abs(delta) < 0.0005) return undefined;
  return delta > 0 ? 'var(--good-text)' : 'var(--bad-text)';
}
