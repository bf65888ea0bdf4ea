/**
 * The tool augmentations of the ToolSandbox benchmark (paper, appendix A.2.1): ablations that change
 * what the agent is shown of its tools, never what the tools do.
 *
 * - `distraction-N` offers N tools the scenario does not need beside the ones it does (N = 0, 3, 10, or
 *   every remaining agent tool). `distraction-0` is the scenario as written.
 * - Each `scrambled-*` variant starts from `distraction-3` and hides one part of every shown tool: its
 *   name, its description, its argument descriptions, its argument types, or (new here: the reference
 *   describes it but never implemented it) its argument names.
 */
export const AUGMENTATIONS = [
  'distraction-0',
  'distraction-3',
  'distraction-10',
  'distraction-all',
  'scrambled-tool-name',
  'scrambled-tool-description',
  'scrambled-arg-description',
  'scrambled-arg-type',
  'scrambled-arg-name',
] as const;

export type Augmentation = (typeof AUGMENTATIONS)[number];

/** Whether a string (e.g. a command-line flag) names an augmentation. */
export function isAugmentation(name: string): name is Augmentation {
  return (AUGMENTATIONS as readonly string[]).includes(name);
}

/** How many distraction tools an augmentation adds: a count, or every candidate. */
export function distractionCount(augmentation: Augmentation): number | 'all' {
  switch (augmentation) {
    case 'distraction-0':
      return 0;
    case 'distraction-3':
      return 3;
    case 'distraction-10':
      return 10;
    case 'distraction-all':
      return 'all';
    case 'scrambled-tool-name':
    case 'scrambled-tool-description':
    case 'scrambled-arg-description':
    case 'scrambled-arg-type':
    case 'scrambled-arg-name':
      // Every scrambling is applied together with three distraction tools, as in the paper, so that
      // the variant is hard but still solvable.
      return 3;
  }
}
