import type { GraphOutline, GuardrailNote, MilestoneMatch } from '../../src/report/report-data';
import { DEFAULT_DAG_SIZES, layoutDag } from './dag-layout';
import { formatScore, truncate } from './format';
import { type MatchedNode, matchedNodes } from './matched-nodes';
import { scoreColor } from './score-color';

type Kind = 'milestone' | 'minefield';

function fired(node: MatchedNode): boolean {
  return (node.match?.similarity ?? 0) > 0;
}

function nodeFill(kind: Kind, node: MatchedNode): string {
  if (kind === 'minefield') return fired(node) ? '#f6c8c3' : '#e6f4ea';
  if (!node.match || node.match.messageIndex < 0) return '#eef0f2';
  return scoreColor(node.match.similarity) ?? '#eef0f2';
}

function where(node: MatchedNode): string {
  const match = node.match;
  if (!match || match.messageIndex < 0) return 'unmatched';
  return `${formatScore(match.similarity)} → #${match.messageIndex}`;
}

function Graph({
  kind,
  nodes,
  edges,
}: {
  readonly kind: Kind;
  readonly nodes: readonly MatchedNode[];
  readonly edges: readonly (readonly [string, string])[];
}) {
  const layout = layoutDag(
    nodes.map((node) => node.id),
    edges,
  );
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const { nodeWidth, nodeHeight } = DEFAULT_DAG_SIZES;
  const markerId = `arrow-${kind}`;
  return (
    <svg
      class="dag"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={`${kind} graph`}
      data-testid={`${kind}-graph`}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0,0 L8,4 L0,8 z" fill="#9aa4ae" />
        </marker>
      </defs>
      {layout.edges.map((edge) => (
        <line
          key={`${edge.from}->${edge.to}`}
          x1={edge.x1}
          y1={edge.y1}
          x2={edge.x2}
          y2={edge.y2 - 1}
          marker-end={`url(#${markerId})`}
        />
      ))}
      {layout.nodes.map((position) => {
        const node = byId.get(position.id);
        if (!node) return null;
        return (
          <g
            key={position.id}
            class={node.scored ? 'node' : 'node unscored'}
            transform={`translate(${position.x},${position.y})`}
          >
            <title>{`${node.id}${node.description ? ` — ${node.description}` : ''}`}</title>
            <rect width={nodeWidth} height={nodeHeight} rx={5} fill={nodeFill(kind, node)} />
            <text x={7} y={16}>
              {truncate(node.id, 20)}
            </text>
            <text x={7} y={31} class="sub">
              {kind === 'minefield' ? (fired(node) ? `fired ${where(node)}` : 'not triggered') : where(node)}
              {node.scored ? '' : ' · unscored'}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Why a guardrail zeroed a milestone, in the words `toolgauge show` uses. */
export function guardrailText(note: GuardrailNote): string {
  const where =
    note.window === 'after' ? 'after the last milestone' : `before message #${note.wouldMatch}, where it matched`;
  return `Guardrail: table "${note.table}" changed at message #${note.changedAt}, ${where} (${formatScore(note.unguardedSimilarity)} without the guardrail).`;
}

/** One milestone or minefield with its match; a button that jumps to the matched message. */
function MatchCard({ kind, node, onFocus }: { kind: Kind; node: MatchedNode; onFocus: (index: number) => void }) {
  const match = node.match;
  const index = match?.messageIndex ?? -1;
  const similarity = match?.similarity ?? 0;
  const classes = ['match-card', kind, node.scored ? '' : 'unscored', index < 0 ? 'unmatched' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      class={classes}
      data-testid={kind}
      data-milestone-id={node.id}
      data-message-index={String(index)}
      data-similarity={similarity.toFixed(3)}
      data-scored={String(node.scored)}
      data-fired={kind === 'minefield' ? String(similarity > 0) : undefined}
      aria-disabled={index < 0 ? 'true' : undefined}
      title={index >= 0 ? `Show message #${index}` : 'No message matched'}
      onClick={() => {
        if (index >= 0) onFocus(index);
      }}
    >
      <span class="id">{node.id}</span>
      <span
        class="sim"
        style={{ background: kind === 'milestone' ? scoreColor(similarity) : scoreColor(1 - similarity) }}
      >
        {similarity.toFixed(3)}
      </span>
      {node.description ? <span class="description">{node.description}</span> : null}
      <span class="where">
        <span>
          {index < 0 ? 'no message matched' : similarity > 0 ? `message #${index}` : `closest: message #${index}`}
        </span>
        <span class="sim-bar" aria-hidden="true">
          <span style={{ width: `${Math.round(Math.min(1, Math.max(0, similarity)) * 100)}%` }} />
        </span>
        {!node.scored && <span class="chip">unscored</span>}
        {kind === 'minefield' &&
          (similarity > 0 ? <span class="chip bad">fired</span> : <span class="chip good">not triggered</span>)}
      </span>
      {match?.guardrail ? (
        <span class="guardrail-note" data-testid="guardrail-note">
          {guardrailText(match.guardrail)}
        </span>
      ) : null}
    </button>
  );
}

/** A milestone or minefield DAG drawn in layers, then one card per node with its match. */
export function MatchPanel({
  kind,
  graph,
  matches,
  score,
  onFocus,
}: {
  readonly kind: Kind;
  readonly graph?: GraphOutline;
  readonly matches: readonly MilestoneMatch[];
  readonly score: number;
  readonly onFocus: (index: number) => void;
}) {
  const nodes = matchedNodes(graph, matches);
  const title = kind === 'milestone' ? 'Milestones' : 'Minefields';
  return (
    <section data-testid={`${kind}-panel`}>
      <h3>{nodes.length === 0 && kind === 'minefield' ? title : `${title} · score ${formatScore(score)}`}</h3>
      {nodes.length === 0 ? (
        <p class="muted small">
          {kind === 'minefield' ? 'This scenario has no minefields: nothing to avoid.' : 'None defined.'}
        </p>
      ) : (
        <>
          <Graph kind={kind} nodes={nodes} edges={graph?.edges ?? []} />
          <div class="milestone-list">
            {nodes.map((node) => (
              <MatchCard key={node.id} kind={kind} node={node} onFocus={onFocus} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
