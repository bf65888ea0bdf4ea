import type { Row, Turn } from '../../spec/index.js';
import type { ScenarioCorpus } from './corpus-manifest.js';
import type { MilestoneGraphSpec } from './milestones/index.js';
import type { SandboxCategory } from './scenario-file.js';

/** Changes to a preset's rows, per table. */
export interface TableChanges {
  readonly add?: readonly Row[];
  readonly update?: readonly { readonly key: string | number; readonly set: Row }[];
  readonly remove?: readonly (string | number)[];
}

/** A loaded, checked scenario, with local times resolved to epoch seconds. */
export interface SandboxScenario {
  readonly id: string;
  readonly file: string;
  readonly description: string;
  readonly categories: readonly SandboxCategory[];
  readonly preset: string;
  readonly worldChanges: Readonly<Record<string, TableChanges>>;
  readonly clock: { readonly now: number; readonly timeZone: string };
  readonly allow: readonly string[];
  readonly deny: readonly string[];
  readonly user: {
    readonly goal: string;
    readonly knowledge: string;
    readonly opening: string;
    readonly paraphrases: readonly string[];
    readonly replies: readonly string[];
    readonly demonstrations: readonly (readonly { readonly from: 'user' | 'agent'; readonly text: string }[])[];
  };
  readonly milestones: MilestoneGraphSpec;
  readonly minefields: MilestoneGraphSpec;
  readonly gold: readonly Turn[];
  readonly wrong: readonly (readonly Turn[])[];
  /** Other correct solutions, each proven to score at least 0.95. */
  readonly alternatives: readonly (readonly Turn[])[];
  /** The named corpus the scenario belongs to (its folder's `corpus.yaml`); absent for loose files. */
  readonly corpus?: ScenarioCorpus;
}
