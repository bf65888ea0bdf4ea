/**
 * USE lite's tokenizer in linear time, giving the same token ids as `@energetic-ai/embeddings`' own
 * (a port of Google's SentencePiece-style tokenizer for the model, Apache-2.0). That one copies the rest
 * of the text at every position (`symbols.slice(i)`), so its cost grows with the square of the length:
 * a 100 KB text took about 150 s to tokenize, twice per embedding, while the model itself embeds it in
 * about 0.25 s. This walks the package's own trie and vocabulary from each position without copying, and
 * keeps every rule of the original, quirks included: the best-path tie rule (`best === 0 || score >=
 * best`), an unknown symbol as a one-symbol piece of id 0, the walk back by each piece's length in UTF-16
 * units (not symbols), and runs of unknown pieces merged into one.
 *
 * It runs on the model's thread, whose code is a string: it is sent there as this function's source, so
 * it must use nothing outside itself.
 */

/** The parts of the package's `Tokenizer` this reads (`trie` is public; `vocabulary` private in its types). */
export interface UseLiteTokenizerData {
  readonly trie: { readonly root: UseLiteTrieNode };
  readonly vocabulary: readonly (readonly [string, number])[];
}

export interface UseLiteTrieNode {
  readonly children: Record<string, UseLiteTrieNode | undefined>;
  readonly end: boolean;
  /** The piece's symbols, its score and its id (set where `end`). */
  readonly word: readonly [readonly string[], number, number];
}

export function encodeUseLite(tokenizer: UseLiteTokenizerData, input: string): number[] {
  const normalized = input.normalize('NFKC');
  const spaced = normalized.length > 0 ? `\u2581${normalized.replace(/ /g, '\u2581')}` : normalized;
  const symbols = [...spaced];
  const count = symbols.length;
  // The pieces that end at each position, as (length in symbols, score, id) triples in order of their
  // start: the order in which the original visits them.
  const ending: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let start = 0; start < count; start += 1) {
    let node = tokenizer.trie.root.children[symbols[start] as string];
    let matched = false;
    for (let at = start; at < count && node; at += 1) {
      if (node.end) {
        const [pieceSymbols, score, id] = node.word;
        (ending[start + pieceSymbols.length] as number[]).push(pieceSymbols.length, score, id);
        matched = true;
      }
      node = node.children[symbols[at + 1] as string];
    }
    if (!matched) (ending[start + 1] as number[]).push(1, 0, 0);
  }
  const best: number[] = new Array(count + 1).fill(0);
  const words: number[] = new Array(count + 1).fill(0);
  for (let end = 0; end <= count; end += 1) {
    const pieces = ending[end] as number[];
    for (let at = 0; at < pieces.length; at += 3) {
      const score = (pieces[at + 1] as number) + (best[end - (pieces[at] as number)] as number);
      if (best[end] === 0 || score >= (best[end] as number)) {
        best[end] = score;
        words[end] = pieces[at + 2] as number;
      }
    }
  }
  const backwards: number[] = [];
  let position = count;
  while (position > 0) {
    const id = words[position] as number;
    backwards.push(id);
    position -= (tokenizer.vocabulary[id] as readonly [string, number])[0].length;
  }
  const ids: number[] = [];
  for (let index = 0; index < backwards.length; index += 1) {
    if (!(backwards[index] === 0 && index > 0 && backwards[index - 1] === 0)) ids.push(backwards[index] as number);
  }
  return ids.reverse();
}
