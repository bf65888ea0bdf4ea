import { describe, expect, it } from 'vitest';
import { configFileSchema, defineConfig } from './config.js';

describe('config files', () => {
  it("accept the run settings and each benchmark's own options, and name an unknown key", () => {
    const config = defineConfig({
      benchmark: 'sandbox',
      agent: 'openai:gpt-4o',
      trials: 3,
      category: ['state_dependency'],
    });
    expect(configFileSchema.parse(config)).toEqual(config);
    const typo = configFileSchema.safeParse({ benchmark: 'sandbox', categroy: ['state_dependency'] });
    expect(typo.success).toBe(false);
    expect(typo.error?.issues[0]).toMatchObject({
      path: ['categroy'],
      message: 'unknown setting "categroy"; did you mean "category"?',
    });
    // Keys every object inherits are not settings; a name far from every setting gets no guess.
    for (const key of ['__proto__', 'toString', 'constructor']) {
      const inherited = configFileSchema.safeParse(JSON.parse(`{"${key}": 1}`));
      expect(inherited.error?.issues[0]).toMatchObject({ path: [key], message: `unknown setting "${key}"` });
    }
    expect(configFileSchema.safeParse({ trials: 0 }).success).toBe(false);
  });
});
