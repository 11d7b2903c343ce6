import { describe, expect, it } from 'vitest';
import { resolveNativeSearchResult } from '../../src/client/resolve-native-search-result.js';
import type { ToolSearchResult } from '../../src/client/tool-search-result.js';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { manyTools, tool } from '../support/tools.js';

const tools = [tool('read_file'), tool('send_email', undefined, { description: undefined }), ...manyTools(3)];
const byName = new Map(tools.map((definition) => [definition.name, definition]));
const found = (...names: string[]): Extract<ToolSearchResult, { status: 'found' }> => ({
  status: 'found',
  tools: names.map((name) => {
    const definition = byName.get(name)!;
    return { name, ...(definition.description === undefined ? {} : { description: definition.description }), inputSchema: definition.inputSchema };
  }),
});

describe('resolveNativeSearchResult', () => {
  it('lists the matches by name (no description or schema), says they are loaded, and returns their definitions in order', () => {
    const { result, definitions } = resolveNativeSearchResult(found('send_email', 'read_file'), { tools });
    expect(result).toEqual({
      status: 'found',
      tools: [{ name: 'send_email' }, { name: 'read_file' }],
      message: 'These tools are now loaded: call them by their own names.',
    });
    expect(definitions).toEqual([byName.get('send_email'), byName.get('read_file')]);
  });

  it('names a match the conversation already added in loadedEarlier and does not add it again', () => {
    const { result, definitions } = resolveNativeSearchResult({ ...found('read_file', 'tool_0'), more: ['tool_1'] }, { tools, added: ['read_file'] });
    expect(result).toEqual({
      status: 'found',
      tools: [{ name: 'tool_0' }],
      more: ['tool_1'],
      loadedEarlier: ['read_file'],
      message: 'These tools are now loaded: call them by their own names.',
    });
    expect(definitions.map((definition) => definition.name)).toEqual(['tool_0']);
  });

  it('says every match is already loaded when the conversation added them all', () => {
    const { result, definitions } = resolveNativeSearchResult({ ...found('read_file'), loadedEarlier: ['tool_2'] }, { tools, added: new Set(['read_file']) });
    expect(result).toEqual({
      status: 'found',
      tools: [],
      loadedEarlier: ['tool_2', 'read_file'],
      message: 'These tools are already loaded (`loadedEarlier`): call them by their own names.',
    });
    expect(definitions).toEqual([]);
  });

  it('keeps the message about unknown select: names', () => {
    const { result } = resolveNativeSearchResult({ ...found('tool_0'), message: 'No tool is named `nope`.' }, { tools });
    expect(result).toMatchObject({ message: 'No tool is named `nope`. These tools are now loaded: call them by their own names.' });
  });

  it('reads wire names through the mapping, returns catalog definitions and keeps the names the model saw', () => {
    const dotted = [tool('Cafe.change_drink'), ...manyTools(2)];
    const names = createToolNameMapping(['Cafe.change_drink'], { label: 'test', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 });
    const wire = names.toWire('Cafe.change_drink');
    expect(wire).not.toBe('Cafe.change_drink');
    const given: ToolSearchResult = { status: 'found', tools: [{ name: wire, inputSchema: { type: 'object' } }] };
    const { result, definitions } = resolveNativeSearchResult(given, { tools: dotted, names });
    expect(result.tools).toEqual([{ name: wire }]);
    expect(definitions).toEqual([dotted[0]]);
    expect(resolveNativeSearchResult(given, { tools: dotted, names, added: ['Cafe.change_drink'] }).definitions).toEqual([]);
    expect(resolveNativeSearchResult(given, { tools: dotted, names, added: [wire] }).definitions).toEqual([]);
  });

  it('loads a misfit call’s tool when it was never added, and only corrects it when it was', () => {
    const misfit: ToolSearchResult = {
      status: 'invalid-arguments',
      tool: 'read_file',
      errors: ['`path`: required'],
      tools: found('read_file').tools,
      loaded: ['read_file'],
      message: 'The arguments for `read_file` do not fit its parameters. Its full schema is included and loaded; call it again with arguments that match.',
    };
    const fresh = resolveNativeSearchResult(misfit, { tools });
    expect(fresh.result).toEqual({
      ...misfit,
      tools: [{ name: 'read_file' }],
      message:
        'The arguments for `read_file` do not fit its parameters. Its definition is now loaded: call `read_file` again, by its own name, with arguments that match.',
    });
    expect(fresh.definitions).toEqual([byName.get('read_file')]);
    const known = resolveNativeSearchResult(misfit, { tools, added: ['read_file'] });
    expect(known.result).toMatchObject({ tools: [], loaded: [], errors: ['`path`: required'] });
    expect(known.definitions).toEqual([]);
  });

  it.each<ToolSearchResult>([
    { status: 'no-match', query: 'x', tools: [], availableTools: ['tool_0'], moreTools: 0, message: 'No tools matched.' },
    { status: 'invalid-arguments', tool: 'call_tool', errors: ['`name`: expected'], tools: [], loaded: [], message: 'needs a name' },
  ])('returns a result that loads nothing as it is (%j)', (given) => {
    expect(resolveNativeSearchResult(given, { tools })).toEqual({ result: given, definitions: [] });
  });

  it('gives the same result and definitions when applied to its own result', () => {
    const first = resolveNativeSearchResult({ ...found('read_file', 'tool_1'), message: 'No tool is named `nope`.' }, { tools, added: ['tool_1'] });
    expect(resolveNativeSearchResult(first.result, { tools, added: ['tool_1'] })).toEqual(first);
  });

  it('does not change its input', () => {
    const given = found('read_file');
    const before = structuredClone(given);
    resolveNativeSearchResult(given, { tools });
    expect(given).toEqual(before);
  });

  it.each([
    [null, 'the options must be `{ tools, added?, names? }`'],
    [{ tools, added: 'read_file' }, '`options.added` must be a list of tool names'],
  ])('rejects the options %j', (options, message) => {
    expect(() => resolveNativeSearchResult(found('read_file'), options as never)).toThrow(ToolSearchError);
    expect(() => resolveNativeSearchResult(found('read_file'), options as never)).toThrow(message);
  });

  it.each([
    ['no result', undefined],
    ['a found result without a list of matches', { status: 'found' }],
    ['a found result with a match without a name', { status: 'found', tools: [null] }],
    ['a found result whose message is not text', { status: 'found', tools: [], message: [] }],
    ['a misfit answer without its loaded list', { status: 'invalid-arguments', tool: 'read_file', tools: [] }],
  ])('rejects %s with invalid-options', (_, result) => {
    expect(() => resolveNativeSearchResult(result as never, { tools })).toThrow(
      expect.objectContaining({
        name: 'ToolSearchError',
        code: 'invalid-options',
        message: expect.stringContaining('`result` must be a `tool_search` result'),
      }),
    );
  });
});
