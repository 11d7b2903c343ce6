import { describe, expect, it } from 'vitest';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { createForcedToolWarning, resolveForcedTools } from '../../src/request/resolve-forced-tools.js';
import { manyTools, tool } from '../support/tools.js';

const plan = resolveToolSearch({ id: 'claude-opus-4-5', api: 'anthropic-messages' }, [...manyTools(4), tool('keep', 'never')], { threshold: 3 });

describe('resolveForcedTools', () => {
  it.each([
    ['nothing forced', [], [], []],
    ['a deferred plan tool', ['tool_1'], ['tool_1'], ['tool_1']],
    ['a loaded plan tool', ['keep'], ['keep'], []],
    ['a tool the plan does not hold (a provider tool)', ['web_search'], [], []],
    ['the same tool twice', ['tool_2', 'tool_2'], ['tool_2'], ['tool_2']],
  ])('for %s', (_case, chosen, forced, deferred) => {
    expect(resolveForcedTools(plan, chosen)).toEqual({ forced, deferred });
  });

  it('says how a deferred forced tool was sent', () => {
    expect(createForcedToolWarning('tool_1', 'sent without `defer_loading`')).toEqual({
      code: 'forced-tool-loaded',
      message: '`tool_choice` forces `tool_1`, which the plan defers; a forced tool needs its schema, so it was sent without `defer_loading`',
    });
  });
});
