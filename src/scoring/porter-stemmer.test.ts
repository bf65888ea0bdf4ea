import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stemmer.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/rouge-nltk');

/** nltk 3.8's stem of every recorded word (a line is `word stem`, or `word` when nltk left it unchanged). */
function recordedStems(): Map<string, string> {
  const stems = new Map<string, string>();
  for (const line of readFileSync(join(FIXTURES, 'porter-stems.txt'), 'utf8').split('\n')) {
    if (line === '') continue;
    const [word, stem] = line.split(' ') as [string, string | undefined];
    stems.set(word, stem ?? word);
  }
  return stems;
}

function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

describe("Porter stemmer as nltk's PorterStemmer() (NLTK_EXTENSIONS)", () => {
  const stems = recordedStems();

  it('gives nltk 3.8 stem for every recorded word', () => {
    expect(stems.size).toBeGreaterThan(20_000);
    const differing = [...stems].filter(([word, stem]) => porterStem(word) !== stem);
    expect(differing.map(([word, stem]) => `${word}: nltk ${stem}, here ${porterStem(word)}`)).toEqual([]);
  });

  it("keeps nltk's departures from the original algorithm", () => {
    // The original Porter algorithm gives sky→ski (skies), new (news), dy (dying), proce (proceed).
    expect(['skies', 'news', 'dying', 'proceed', 'ties', 'cried', 'fully', 'geology'].map(porterStem)).toEqual([
      'sky',
      'news',
      'die',
      'proceed',
      'tie',
      'cri',
      'fulli',
      'geolog',
    ]);
  });

  it('has a recorded stem for every word of the sandbox scenarios (re-record when a scenario adds one)', () => {
    const missing = new Set<string>();
    for (const file of yamlFiles(join(ROOT, 'data/sandbox/scenarios'))) {
      const tokens = readFileSync(file, 'utf8')
        .toLowerCase()
        .split(/[^a-z0-9]+/);
      for (const token of tokens) if (token.length > 3 && !stems.has(token)) missing.add(token);
    }
    expect([...missing], 'run /usr/bin/python3 scripts/record-porter-fixtures.py').toEqual([]);
  });
});
