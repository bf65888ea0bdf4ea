/**
 * The built-in ToolTalk set (data/tooltalk), proven both ways: every conversation's oracle scores
 * precision = recall = 1 and success, and leaving out its last ground-truth call scores less, in both
 * modes.
 */
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../embeddings/index.js';
import { tooltalkBenchmark } from './index.js';

const services = { embedder: async () => new LexicalEmbedder() };

describe('built-in ToolTalk conversations', async () => {
  const loaded = await tooltalkBenchmark.loadCases({ options: {} });

  it('load without problems: at least 30, easy and multi-tool, several users, several turns', () => {
    expect(loaded.problems).toEqual([]);
    expect(loaded.source).toBe('built-in');
    expect(loaded.cases.length).toBeGreaterThanOrEqual(30);
    const subsets = new Set(loaded.cases.map((c) => c.subset));
    expect(subsets).toEqual(new Set(['easy', 'hard']));
    expect(new Set(loaded.cases.map((c) => c.conversation.user.username)).size).toBeGreaterThanOrEqual(6);
    const multiTool = loaded.cases.filter((c) => c.conversation.apis_used.length >= 2);
    expect(multiTool.length).toBeGreaterThanOrEqual(15);
    const multiTurn = loaded.cases.filter(
      (c) => c.conversation.conversation.filter((t) => t.role === 'user').length >= 3,
    );
    expect(multiTurn.length).toBeGreaterThanOrEqual(10);
  });

  it('cover all 28 tools', () => {
    const used = new Set(loaded.cases.flatMap((c) => c.conversation.apis_used));
    expect(used.size).toBe(28);
  });

  for (const mode of ['default', 'reference-compatible'] as const) {
    it(`every conversation is proven both ways (${mode})`, async () => {
      const failures: string[] = [];
      for (const benchmarkCase of loaded.cases) {
        const proof = await tooltalkBenchmark.prove?.(benchmarkCase, { options: { 'tooltalk-mode': mode }, services });
        expect(proof?.checks).toHaveLength(2);
        for (const check of proof?.checks ?? [])
          if (!check.ok) failures.push(`${benchmarkCase.id}: ${check.name}: ${check.detail}`);
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }
});
