import { describe, expect, it } from 'vitest';
import { resolveModelSupport } from '../../src/models/resolve-model-support.js';
import { KNOWN_MODEL_IDS, resolveUnknownModel } from '../../src/models/resolve-unknown-model.js';

const unknown = (id: string) => resolveUnknownModel(resolveModelSupport(id));

describe('resolveUnknownModel', () => {
  it.each([
    'gpt-5.4',
    'gpt-4o-mini',
    'gpt-6',
    'o4-mini',
    'claude-sonnet-4-5-20250929',
    'claude-3-7-sonnet-latest',
    'claude-4.5-sonnet',
    'gemini-2.5-flash',
    'llama-3.3-70b',
    'qwen3-coder',
    'anthropic/claude-opus-4-5',
    'claude-opus-4-5@20251101',
  ])('recognises %s', (id) => {
    expect(unknown(id)).toBeNull();
  });

  it('recognises every id of its own table', () => {
    expect(KNOWN_MODEL_IDS.filter((id) => unknown(id) !== null)).toEqual([]);
  });

  it.each([
    ['claude-sonnet-4.5', 'claude-sonnet-4-5'],
    ['gpt5.4', 'gpt-5.4'],
    ['Claude-Opus-4.8', 'claude-opus-4-8'],
    ['gemni-2.5-pro', 'gemini-2.5-pro'],
    ['fast-model', null],
    ['gpt', null],
    ['', null],
  ])('names the nearest known id for %j: %j', (id, nearest) => {
    expect(unknown(id)).toEqual({ nearest });
  });
});
