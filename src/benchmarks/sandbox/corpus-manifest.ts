import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AUGMENTATIONS } from '../../tools/index.js';
import { parseYamlText } from '../../util/yaml-text.js';

/**
 * A named corpus of sandbox scenarios: a folder with a `corpus.yaml` beside its scenario files. The
 * manifest says how the corpus is played unless the command line says otherwise: its scoring profile,
 * its tool augmentations, and (for a paper's own set) whether insufficient-information milestones are
 * counted as the paper counts them. It may also carry the user simulator's prompt and few-shot
 * dialogues, used verbatim when a model plays the user.
 */
export const CORPUS_MANIFEST = 'corpus.yaml';

export { NAMED_CORPORA } from './named-corpora.js';

/** A cell of a corpus world: a value, or a time relative to the episode clock (`{ $fromNow: seconds }`). */
const fromNow = z
  .object({ $fromNow: z.number().describe('Seconds after (negative: before) the episode clock.') })
  .strict();
const worldCell = z.union([z.string(), z.number(), z.boolean(), z.null(), fromNow]);
const worldRows = z.array(z.record(z.string(), worldCell));

export const corpusManifestSchema = z
  .object({
    formatVersion: z.literal(1),
    name: z.string().min(1),
    description: z.string().min(1),
    scoring: z.enum(['facts', 'paper']).describe('The scoring profile when --scoring is not given.'),
    augmentations: z
      .array(z.enum(AUGMENTATIONS))
      .min(1)
      .describe('The tool augmentations of every scenario (each scenario becomes one case per augmentation).'),
    countInsufficientInformationMilestones: z
      .boolean()
      .optional()
      .describe(
        'true: milestones of insufficient-information scenarios are counted, as the paper counts them (the built-in corpus scores them by minefields only).',
      ),
    trivialAgentFloors: z
      .enum(['required', 'measured'])
      .optional()
      .describe(
        "measured: `validate --prove` prints what the trivial agents score but does not require them to stay below the floor limit (a paper's scenarios kept as written); default required.",
      ),
    worlds: z
      .record(z.string(), z.record(z.string(), worldRows))
      .optional()
      .describe(
        'Named seed worlds of the corpus, by table (`world.preset` of its scenarios names one): every row, with times relative to the episode clock as the reference computes them from datetime.now().',
      ),
    agentPrompt: z
      .string()
      .min(1)
      .optional()
      .describe("The agent's system prompt for this corpus (default: toolgauge's)."),
    distractionGroups: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        "Tool name → group for distraction ranking (tools sharing a group with a needed tool rank first): a reference's modules, to rank as it ranks; a tool not named keeps its domain.",
      ),
    userSimulator: z
      .object({
        instruction: z.string().min(1),
        fewShot: z.record(
          z.string(),
          z.array(z.object({ sender: z.string(), recipient: z.string(), content: z.string() }).strict()),
        ),
      })
      .strict()
      .optional(),
  })
  .strict();

export type CorpusManifest = z.infer<typeof corpusManifestSchema>;

/** What a scenario keeps of its corpus's manifest. */
export interface ScenarioCorpus {
  readonly name: string;
  readonly scoring: CorpusManifest['scoring'];
  readonly augmentations: CorpusManifest['augmentations'];
  readonly countInsufficientInformationMilestones: boolean;
  readonly trivialAgentFloors: 'required' | 'measured';
  /**
   * The user simulator's instruction, verbatim: the user's briefing is this followed by the scenario's
   * goal, exactly as the paper's system message to the simulated user.
   */
  readonly userInstruction?: string;
  /** The corpus's own seed worlds by name: rows per table, times as `{ $fromNow: seconds }`. */
  readonly worlds?: CorpusManifest['worlds'];
  /** The agent's system prompt, when the corpus has its own. */
  readonly agentPrompt?: string;
  /** Groups for distraction ranking by tool name (see the manifest's `distractionGroups`). */
  readonly distractionGroups?: Readonly<Record<string, string>>;
}

/** The folder's manifest, undefined when it has none; a broken manifest is an error naming the file. */
export async function readCorpusManifest(folder: string): Promise<CorpusManifest | undefined> {
  const file = join(folder, CORPUS_MANIFEST);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = corpusManifestSchema.safeParse(parseYamlText(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file} at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The rows of a corpus world at an episode clock (`now`, epoch seconds): relative times made absolute. */
export function corpusWorldRows(
  world: NonNullable<CorpusManifest['worlds']>[string],
  now: number,
): Record<string, Record<string, string | number | boolean | null>[]> {
  return Object.fromEntries(
    Object.entries(world).map(([table, rows]) => [
      table,
      rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => [
            column,
            value !== null && typeof value === 'object' ? now + value.$fromNow : value,
          ]),
        ),
      ),
    ]),
  );
}

/** The part of a manifest every scenario of the corpus carries. */
export function scenarioCorpusOf(manifest: CorpusManifest): ScenarioCorpus {
  return {
    name: manifest.name,
    scoring: manifest.scoring,
    augmentations: manifest.augmentations,
    countInsufficientInformationMilestones: manifest.countInsufficientInformationMilestones ?? false,
    trivialAgentFloors: manifest.trivialAgentFloors ?? 'required',
    ...(manifest.userSimulator ? { userInstruction: manifest.userSimulator.instruction } : {}),
    ...(manifest.worlds ? { worlds: manifest.worlds } : {}),
    ...(manifest.agentPrompt ? { agentPrompt: manifest.agentPrompt } : {}),
    ...(manifest.distractionGroups ? { distractionGroups: manifest.distractionGroups } : {}),
  };
}
