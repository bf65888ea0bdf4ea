import { describe, expect, it } from 'vitest';
import { formatModelSpec, parseModelSpec } from './model-spec.js';

describe('model specs', () => {
  it('parses each provider, keeping colons in model names', () => {
    expect(parseModelSpec('openai:gpt-4o')).toEqual({ provider: 'openai', model: 'gpt-4o' });
    expect(parseModelSpec('anthropic:claude-sonnet-4-5')).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect(parseModelSpec('google:gemini-2.5-flash')).toEqual({ provider: 'google', model: 'gemini-2.5-flash' });
    expect(parseModelSpec('openai-compatible:llama3.1:8b')).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1:8b',
    });
  });

  it('parses prompt mode around any native spec', () => {
    const spec = parseModelSpec('prompt:openai-compatible:llama3');
    expect(spec).toEqual({
      provider: 'prompt',
      model: 'openai-compatible:llama3',
      inner: { provider: 'openai-compatible', model: 'llama3' },
    });
    expect(formatModelSpec(spec)).toBe('prompt:openai-compatible:llama3');
  });

  it.each([
    ['gpt-4o', 'expected <provider>:<model>'],
    ['mistral:large', 'unknown provider "mistral"'],
    ['openai:', 'the model name is empty'],
    ['prompt:gpt-4o', 'expected <provider>:<model>'],
    ['prompt:prompt:openai:gpt-4o', 'prompt mode cannot wrap prompt mode'],
    ['prompt:ollama:llama3', 'unknown provider "ollama"'],
  ])('rejects %s, naming the spec and listing the valid forms', (spec, problem) => {
    let message = '';
    try {
      parseModelSpec(spec);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`"${spec}"`);
    expect(message).toContain(problem);
    for (const form of [
      'openai:<model>',
      'anthropic:<model>',
      'google:<model>',
      'openai-compatible:<model>',
      'prompt:',
    ]) {
      expect(message).toContain(form);
    }
  });
});
