export { AUGMENTATIONS, type Augmentation, distractionCount, isAugmentation } from './augmentation.js';
export { type AugmentedToolSetOptions, augmentedToolSet } from './augmented-tool-set.js';
export {
  type NameSimilarityTable,
  nameSimilarityTable,
  rankDistractionTools,
  rememberNameSimilarities,
} from './distraction-ranking.js';
export { presentToolText, presentToolView } from './present-text.js';
export { scrambledToolNames } from './scramble-tool-name.js';
