import { Temporal } from 'temporal-polyfill';
import { isBinaryMeasure } from '../../scoring/index.js';
import { DefinitionError } from '../../spec/index.js';
import type { ToolRegistry } from '../../tools/index.js';
import type { WorldSchema } from '../../world/index.js';
import { constraintReferences, edgesOf, type MilestoneSpec, topologicalOrder } from './milestones/index.js';
import type { ScenarioFile } from './scenario-file.js';

type Report = (path: string, message: string) => void;

/**
 * Checks what the schema cannot: that the scenario's names exist (preset, tools, tables, columns,
 * milestones), that its milestone graphs are acyclic with references to ancestors only, that
 * minefields use only all-or-nothing measures, and that its solutions fit the scripted user.
 */
export function checkScenario(
  file: ScenarioFile,
  context: {
    registry: ToolRegistry;
    schema: WorldSchema;
    presets: readonly string[];
    /** A paper's own corpus: its insufficient-information milestones count, as the paper counts them. */
    countInsufficientInformationMilestones?: boolean;
  },
  report: Report,
): void {
  const { registry, schema } = context;
  if (!context.presets.includes(file.world.preset)) {
    report('world.preset', `unknown preset "${file.world.preset}"; known presets: ${context.presets.join(', ')}`);
  }
  for (const table of Object.keys(file.world.changes ?? {})) {
    if (!schema.tables.has(table)) report(`world.changes.${table}`, unknownTable(table, schema));
  }
  try {
    Temporal.Instant.from(file.clock.now);
  } catch {
    report(
      'clock.now',
      `"${file.clock.now}" is not an ISO 8601 instant with an offset, e.g. 2026-03-14T09:30:00-07:00`,
    );
  }
  try {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(file.clock.timeZone);
  } catch {
    report('clock.timeZone', `"${file.clock.timeZone}" is not an IANA time zone`);
  }

  const agentTools = new Set(registry.forRole('agent').map((tool) => tool.name));
  const deny = new Set(file.tools.deny ?? []);
  file.tools.allow.forEach((name, index) => {
    if (!agentTools.has(name)) report(`tools.allow.${index}`, unknownTool(name));
    if (deny.has(name)) report(`tools.allow.${index}`, `"${name}" is both allowed and denied`);
  });
  (file.tools.deny ?? []).forEach((name, index) => {
    if (!agentTools.has(name)) report(`tools.deny.${index}`, unknownTool(name));
  });

  // Local times in cell values are not resolved yet; these checks read only names and references.
  const asSpecs = (list: ScenarioFile['milestones']) => list as unknown as readonly MilestoneSpec[];
  if (file.milestones.length > 1 && file.edges === undefined) {
    report(
      'edges',
      `${file.milestones.length} milestones but no \`edges\`: say which must happen before which, e.g. [lookup, answer] (\`edges: []\` when any order is right); milestones no longer form a chain in file order`,
    );
  }
  checkGraph('milestones', 'edges', asSpecs(file.milestones), file.edges, false, context, report);
  if (file.minefields) {
    checkGraph('minefields', 'minefieldEdges', asSpecs(file.minefields), file.minefieldEdges, true, context, report);
  }
  const ids = new Set(file.milestones.map((milestone) => milestone.id));
  (file.minefields ?? []).forEach((minefield, index) => {
    if (ids.has(minefield.id)) report(`minefields.${index}.id`, `"${minefield.id}" is also a milestone id`);
  });

  // As in the paper, an insufficient-information scenario is scored by its minefields: its milestones
  // (the agent's explanation) are matched and shown but not counted. Every other scenario needs at
  // least one counted milestone.
  if (file.categories.includes('insufficient_information') && context.countInsufficientInformationMilestones) {
    // The paper scores these by their milestones (the agent's explanation) and minefields alike.
    if (!file.minefields?.length && file.milestones.every((milestone) => milestone.scored === false)) {
      report('milestones', 'an insufficient-information scenario needs minefields or a counted milestone');
    }
  } else if (file.categories.includes('insufficient_information')) {
    if (!file.minefields?.length)
      report('minefields', 'an insufficient-information scenario needs minefields: they are what it is scored by');
    file.milestones.forEach((milestone, index) => {
      if (milestone.scored !== false) {
        report(
          `milestones.${index}.scored`,
          'milestones of an insufficient-information scenario are not counted: add `scored: false`',
        );
      }
    });
  } else if (file.milestones.every((milestone) => milestone.scored === false)) {
    report('milestones', 'at least one milestone must be counted (only insufficient-information scenarios have none)');
  }

  const allowed = new Set(file.tools.allow);
  file.solutions.gold.forEach((turn, index) => {
    if (!('call' in turn)) return;
    turn.call.forEach((call, position) => {
      const path = `solutions.gold.${index}.call.${position}.tool`;
      if (deny.has(call.tool)) report(path, `the gold solution calls "${call.tool}", which the scenario denies`);
      else if (!allowed.has(call.tool))
        report(path, `the gold solution calls "${call.tool}", which is not in tools.allow`);
    });
  });
  const says = file.solutions.gold.filter((turn) => 'say' in turn).length;
  const replies = file.user.replies?.length ?? 0;
  if (!('say' in (file.solutions.gold.at(-1) ?? {}))) {
    report('solutions.gold', 'the gold solution must end by answering the user (a `say` turn)');
  } else if (says !== replies + 1) {
    report(
      'solutions.gold',
      `the gold solution talks to the user ${says} times but the scripted user has ${replies} replies; it needs exactly one more \`say\` than replies (each reply answers one, and the user ends after the last)`,
    );
  }
}

function checkGraph(
  field: 'milestones' | 'minefields',
  edgeField: 'edges' | 'minefieldEdges',
  milestones: readonly MilestoneSpec[],
  edges: readonly (readonly [string, string])[] | undefined,
  binaryOnly: boolean,
  context: { registry: ToolRegistry; schema: WorldSchema },
  report: Report,
): void {
  const ids = milestones.map((milestone) => milestone.id);
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) report(`${field}.${index}.id`, `duplicate id "${id}"`);
  });
  (edges ?? []).forEach(([from, to], index) => {
    for (const [end, name] of [
      [0, from],
      [1, to],
    ] as const) {
      if (!ids.includes(name))
        report(`${edgeField}.${index}.${end}`, `edge names unknown ${field.slice(0, -1)} "${name}"`);
    }
  });
  const graph = { milestones, ...(edges ? { edges } : {}) };
  let ancestors: Map<string, Set<string>>;
  try {
    const order = topologicalOrder(milestones, edgesOf(graph));
    ancestors = ancestorsOf(
      order.map((milestone) => milestone.id),
      edgesOf(graph),
    );
  } catch (error) {
    if (error instanceof DefinitionError) report(edgeField, error.message);
    return;
  }

  milestones.forEach((milestone, index) => {
    for (const reference of [...new Set(milestone.constraints.flatMap(constraintReferences))]) {
      if (!ancestors.get(milestone.id)?.has(reference)) {
        report(
          `${field}.${index}`,
          `"${milestone.id}" reads "${reference}", which must come before it in the graph (add an edge ${reference} → ${milestone.id})`,
        );
      }
    }
    milestone.constraints.forEach((constraint, position) => {
      const path = `${field}.${index}.constraints.${position}`;
      if (constraint.type === 'tool-call') {
        if (!context.registry.has(constraint.tool) && !binaryOnly) report(`${path}.tool`, unknownTool(constraint.tool));
        if (
          binaryOnly &&
          Object.values(constraint.argumentSimilarity ?? {}).some((measure) => !isBinaryMeasure(measure))
        ) {
          report(`${path}.argumentSimilarity`, 'a minefield must use all-or-nothing measures, not rouge-l');
        }
        return;
      }
      if (constraint.type === 'claim') return;
      if (constraint.type === 'message') {
        if (binaryOnly && (constraint.similarity ?? 'rouge-l') === 'rouge-l') {
          report(`${path}.similarity`, 'a minefield message must use `contains` or `exact`, not rouge-l');
        }
        return;
      }
      const table = context.schema.tables.get(constraint.table);
      if (!table) {
        report(`${path}.table`, unknownTable(constraint.table, context.schema));
        return;
      }
      constraint.rows.forEach((row, rowIndex) => {
        for (const column of Object.keys(row)) {
          if (!(column in table.columns))
            report(`${path}.rows.${rowIndex}.${column}`, unknownColumn(column, table.name, table.columns));
          const measure =
            constraint.columns?.[column] ??
            (['content', 'relationship', 'text'].includes(column) ? 'rouge-l' : 'exact');
          if (binaryOnly && !isBinaryMeasure(measure)) {
            report(
              `${path}.columns.${column}`,
              'a minefield must use all-or-nothing measures; set this column to exact or contains',
            );
          }
        }
      });
      for (const column of Object.keys(constraint.columns ?? {})) {
        if (!(column in table.columns))
          report(`${path}.columns.${column}`, unknownColumn(column, table.name, table.columns));
      }
    });
  });
}

function ancestorsOf(
  order: readonly string[],
  edges: readonly (readonly [string, string])[],
): Map<string, Set<string>> {
  const ancestors = new Map<string, Set<string>>();
  for (const id of order) {
    const all = new Set<string>();
    for (const [from, to] of edges) {
      if (to !== id) continue;
      all.add(from);
      for (const ancestor of ancestors.get(from) ?? []) all.add(ancestor);
    }
    ancestors.set(id, all);
  }
  return ancestors;
}

function unknownTool(name: string): string {
  return `unknown tool "${name}"; see \`toolgauge list tools --benchmark sandbox\``;
}

function unknownTable(name: string, schema: WorldSchema): string {
  return `unknown table "${name}"; tables: ${[...schema.tables.keys()].join(', ')}`;
}

function unknownColumn(column: string, table: string, columns: Record<string, unknown>): string {
  return `table "${table}" has no column "${column}"; columns: ${Object.keys(columns).join(', ')}`;
}
