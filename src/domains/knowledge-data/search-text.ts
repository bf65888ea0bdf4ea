/**
 * Text normalisation for matching what an agent typed against names in the data: lower case, accents
 * and apostrophes dropped ("McDonald's" → "mcdonalds"), other punctuation turned into spaces.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
