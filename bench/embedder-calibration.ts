/**
 * Calibrates the free-text thresholds of ToolTalk's comparators for the offline embedders: similarity of
 * paraphrase pairs (the same event name, task, subject or message said another way — should match) and
 * non-paraphrase pairs (a different task, person or time, or an unrelated text — should not), written for
 * this project. Prints each group's spread, the threshold that separates them best, and how the
 * thresholds in src/embeddings/similarity-thresholds.ts do.
 *
 *   npm run build && node bench/embedder-calibration.ts
 */
import { cosineSimilarity, LexicalEmbedder, thresholdsFor, UseLiteEmbedder } from '../dist/embeddings/index.js';

const PARAPHRASES: [string, string][] = [
  ['Pick up the dry cleaning', 'Collect the dry cleaning'],
  ['Call mom about the party', 'Phone my mother regarding the party'],
  ['Buy new hiking boots', 'Purchase new boots for hiking'],
  ['Pay the electricity bill', 'Pay my power bill'],
  ['Renew passport', 'Renew my passport'],
  ['Team lunch', 'Lunch with the team'],
  ['Dentist appointment', 'Appointment at the dentist'],
  ['Dinner with my sister', 'Dinner with sister'],
  ['Contract signing', 'Signing the contract'],
  ['Quarterly planning', 'Planning for the quarter'],
  ['Water the ferns', 'Water my fern plants'],
  ['Pack snacks for the hike', 'Pack some snacks for hiking'],
  ['Re: Restock numbers', 'Restock numbers'],
  ['Planning slides', 'Slides for the planning meeting'],
  ['Draft goals', 'My draft goals'],
  ['The team lunch on Friday now starts at 12:30 and ends at 2.', 'Friday team lunch has moved to 12:30 until 2pm.'],
  ["I can't make book club tomorrow, I'll miss this one.", "I won't be able to come to book club tomorrow."],
  ['Lunch at noon on Thursday works for me.', 'Thursday lunch at 12 is good for me.'],
  ["I'll bring the prototype to the design review.", 'I will bring the prototype along to the design review.'],
  [
    "Hi Samir, 40 pallets is fine. I'll order them today. Diego",
    'Samir, 40 pallets works. I am ordering them today. - Diego',
  ],
  [
    'Hi Hannah, the slides for the quarterly planning are in the shared folder.',
    'Hannah, you can find the quarterly planning slides in the shared folder.',
  ],
  ['Our contract signing on Friday is moved to 11:00 to 11:30.', 'The Friday contract signing is now 11 to 11:30.'],
  ['Madison Square Garden', 'Madison Square Garden, New York'],
  ['Conference Room 2', 'conference room 2'],
  ['Call Ava on her birthday', 'Call Ava for her birthday'],
];

const NON_PARAPHRASES: [string, string][] = [
  ['Pick up the dry cleaning', 'Drop off the dry cleaning'],
  ['Call mom about the party', 'Call dad about the party'],
  ['Buy new hiking boots', 'Return the hiking boots'],
  ['Pay the electricity bill', 'Pay the water bill'],
  ['Renew passport', 'Renew forklift license'],
  ['Team lunch', 'Team retrospective'],
  ['Dentist appointment', 'Doctor appointment'],
  ['Dinner with my sister', 'Lunch with my boss'],
  ['Contract signing', 'Client call'],
  ['Quarterly planning', 'Book club'],
  ['Water the ferns', 'Feed the cat'],
  ['Pack snacks for the hike', 'Print the hiking map'],
  ['Re: Restock numbers', 'Practice moved'],
  ['Planning slides', 'Your train ticket'],
  ['Draft goals', 'Birthday party invitation'],
  ['The team lunch on Friday now starts at 12:30 and ends at 2.', 'The team lunch on Friday is cancelled.'],
  ["I can't make book club tomorrow, I'll miss this one.", 'See you at book club tomorrow!'],
  ['Lunch at noon on Thursday works for me.', 'Can we do dinner on Saturday instead?'],
  ["I'll bring the prototype to the design review.", 'Please send me the hiking route.'],
  [
    "Hi Samir, 40 pallets is fine. I'll order them today. Diego",
    'Hi Samir, we only need 10 pallets, please cancel the order.',
  ],
  [
    'Hi Hannah, the slides for the quarterly planning are in the shared folder.',
    'Hi Hannah, I will be late to the planning meeting.',
  ],
  ['Our contract signing on Friday is moved to 11:00 to 11:30.', 'Happy birthday! Hope you have a great day.'],
  ['Madison Square Garden', 'Central Park'],
  ['Conference Room 2', 'Conference Room 5'],
  ['Call Ava on her birthday', 'Send Ava a birthday card'],
];

function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return `min ${at(0).toFixed(3)}  median ${at(0.5).toFixed(3)}  max ${at(1).toFixed(3)}`;
}

function accuracy(paraphrase: readonly number[], other: readonly number[], threshold: number): number {
  const right =
    paraphrase.filter((value) => value >= threshold).length + other.filter((value) => value < threshold).length;
  return right / (paraphrase.length + other.length);
}

/** Pairs 15–21 are message and email texts (the reference's 0.8 "loose" level); the rest are short names (0.9, "strict"). */
const LONG = new Set([15, 16, 17, 18, 19, 20, 21]);

function bestThreshold(
  paraphrase: readonly number[],
  other: readonly number[],
): { threshold: number; accuracy: number } {
  let best = { threshold: 0, accuracy: 0 };
  for (let step = 30; step <= 96; step += 1) {
    const value = accuracy(paraphrase, other, step / 100);
    if (value > best.accuracy) best = { threshold: step / 100, accuracy: value };
  }
  return best;
}

for (const embedder of [new UseLiteEmbedder(), new LexicalEmbedder()]) {
  const similarities = async (pairs: [string, string][]) => {
    const vectors = await embedder.embed(pairs.flat());
    return pairs.map((_, index) => cosineSimilarity(vectors[2 * index] ?? [], vectors[2 * index + 1] ?? []));
  };
  const paraphrase = await similarities(PARAPHRASES);
  const other = await similarities(NON_PARAPHRASES);
  const table = thresholdsFor(embedder.id);
  console.log(`${embedder.id}`);
  for (const [level, long] of [
    ['strict (names, tasks, subjects)', false],
    ['loose (messages, email bodies)', true],
  ] as const) {
    const pick = (values: readonly number[]) => values.filter((_, index) => LONG.has(index) === long);
    const [p, o] = [pick(paraphrase), pick(other)];
    const best = bestThreshold(p, o);
    const threshold = long ? table.loose : table.strict;
    console.log(`  ${level}`);
    console.log(`    paraphrases     (${p.length}): ${summary(p)}`);
    console.log(`    non-paraphrases (${o.length}): ${summary(o)}`);
    console.log(
      `    best threshold ${best.threshold.toFixed(2)} (accuracy ${(100 * best.accuracy).toFixed(1)}%); table ${threshold} → ${(100 * accuracy(p, o, threshold)).toFixed(1)}%; reference ${long ? 0.8 : 0.9} → ${(100 * accuracy(p, o, long ? 0.8 : 0.9)).toFixed(1)}%`,
    );
  }
}
