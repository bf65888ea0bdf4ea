import type { BenchmarkCase } from '../../spec/index.js';
import { AUGMENTATIONS, type Augmentation } from '../../tools/index.js';
import type { SandboxScenario } from './sandbox-scenario.js';

/** One runnable case: a scenario, one wording of its opening line, one tool augmentation. */
export interface SandboxCase extends BenchmarkCase {
  /** `<baseId>/<augmentation>`, e.g. `send-message-cellular-off~1/scrambled-tool-name`. */
  readonly id: string;
  /** The scenario id, with `~n` for the n-th paraphrase of its opening line. */
  readonly baseId: string;
  readonly scenario: SandboxScenario;
  readonly opening: string;
  readonly augmentation: Augmentation;
  /** `baseId`, `categories` (the scenario's) and `augmentation`: what reports group by. */
  readonly labels: {
    readonly baseId: string;
    readonly categories: readonly string[];
    readonly augmentation: Augmentation;
  };
}

/**
 * Every case of the scenarios: each opening wording × each augmentation (by default the augmentations
 * of the scenario's corpus, e.g. the paper's eight for the ToolSandbox corpus, else all of them).
 */
export function sandboxCases(
  scenarios: readonly SandboxScenario[],
  augmentations?: readonly Augmentation[],
): SandboxCase[] {
  return scenarios.flatMap((scenario) =>
    [scenario.user.opening, ...scenario.user.paraphrases].flatMap((opening, variant) => {
      const baseId = variant === 0 ? scenario.id : `${scenario.id}~${variant}`;
      return (augmentations ?? scenario.corpus?.augmentations ?? AUGMENTATIONS).map((augmentation) => ({
        id: `${baseId}/${augmentation}`,
        baseId,
        scenario,
        opening,
        augmentation,
        labels: { baseId, categories: scenario.categories, augmentation },
      }));
    }),
  );
}
