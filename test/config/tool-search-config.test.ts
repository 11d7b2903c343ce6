import { describe, expect, it } from 'vitest';
import { TOOL_LISTINGS, TOOL_REVEAL_CHOICES, TOOL_REVEAL_MODES, withAutoChoice } from '../../src/config/tool-search-config.js';

describe('withAutoChoice', () => {
  it('puts auto before the given choices', () => {
    expect(withAutoChoice(TOOL_LISTINGS)).toEqual(['auto', 'full', 'compact', 'names', 'none']);
  });

  it('makes the reveal choices: auto and every reveal mode', () => {
    expect(TOOL_REVEAL_CHOICES).toEqual(['auto', ...TOOL_REVEAL_MODES]);
  });
});
