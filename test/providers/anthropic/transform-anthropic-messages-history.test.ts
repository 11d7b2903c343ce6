import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolNameMapping } from '../../../src/names/create-tool-name-mapping.js';
import { ANTHROPIC_MESSAGES_TOOL_NAME_RULE } from '../../../src/providers/anthropic/anthropic-messages-api.js';
import { readAnthropicMessagesHistory, writeAnthropicMessagesHistory } from '../../../src/providers/anthropic/anthropic-messages-history.js';
import type { ToolNameMapping } from '../../../src/names/create-tool-name-mapping.js';
import type { AnthropicToolChangeSupport } from '../../../src/providers/anthropic/anthropic-messages-tool-rules.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { deepCopy, readAnthropicFixture } from '../../support/anthropic-messages-bodies.js';

/**
 * The history as one read and one write give it, in the terms the request's decision reads it: names as sent (a call
 * reached through `call_tool` is that call), the tools added (additions minus removals) and defined by value.
 */
function transformAnthropicMessagesHistory(
  messages: unknown,
  mapping: ToolNameMapping,
  options: { throughCallTool?: ReadonlySet<string>; callToolName?: string; toolChanges?: AnthropicToolChangeSupport } = {},
) {
  const read = readAnthropicMessagesHistory(messages, options.toolChanges);
  const callToolName = options.callToolName ?? 'call_tool';
  const sent = (name: string, kind: string) => {
    const wire = mapping.toWire(name);
    return kind === 'tool_use' && options.throughCallTool?.has(wire) === true ? callToolName : wire;
  };
  const written = writeAnthropicMessagesHistory(read, { names: mapping, callName: (name) => sent(name, 'tool_use') });
  const added = new Set<string>();
  const defined = new Set<string>();
  for (const change of read.neutral.changes ?? []) {
    const name = change.custom ? mapping.toWire(change.name) : change.name;
    if (change.change === 'removal') added.delete(name);
    else added.add(name);
    if (change.form === 'value') defined.add(name);
  }
  const changes = read.neutral.changes ?? [];
  return {
    messages: written.messages,
    references: (read.neutral.references ?? []).map((reference) => ({ ...reference, name: sent(reference.name, reference.kind) })),
    toolOutputs: read.neutral.outputs.map((output) => ({ name: sent(output.name, 'tool_use'), output: output.output })),
    searchToolName: read.neutral.searchTool ?? null,
    added: [...added],
    defined: [...defined],
    addedAsText: read.neutral.revealed ?? [],
    toolChanges: changes.length === 0 ? null : changes.some((change) => change.form === 'value') ? 'value' : 'reference',
    warnings: written.warnings,
  };
}

const names = createToolNameMapping(['get_weather', 'uber.ride'], ANTHROPIC_MESSAGES_TOOL_NAME_RULE);
const documentedTurn = readAnthropicFixture<{ content: unknown[] }>('hosted-search-response.json');

describe('transformAnthropicMessagesHistory', () => {
  it('returns the documented hosted turn unchanged, down to the objects, and lists its references', () => {
    const messages = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: documentedTurn.content },
    ];
    const history = transformAnthropicMessagesHistory(messages, names);
    expect(history.messages?.[1]).toBe(messages[1]);
    expect(history.references).toEqual([
      { name: 'get_weather', kind: 'tool_reference', path: 'messages[1].content[2].content.tool_references[0].tool_name' },
      { name: 'get_weather', kind: 'tool_use', path: 'messages[1].content[4].name' },
    ]);
    expect(history.searchToolName).toBe('tool_search_tool_regex');
    expect(history.warnings).toEqual([]);
  });

  it.each<[string, unknown, unknown]>([
    ['a tool_use name', { type: 'tool_use', id: 'toolu_1', name: 'uber.ride', input: {} }, { type: 'tool_use', id: 'toolu_1', name: 'uber_ride', input: {} }],
    [
      'a hosted tool_reference',
      {
        type: 'tool_search_tool_result',
        tool_use_id: 's',
        content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'uber.ride' }] },
      },
      {
        type: 'tool_search_tool_result',
        tool_use_id: 's',
        content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'uber_ride' }] },
      },
    ],
    [
      'a client tool_reference',
      { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'uber.ride' }] },
      { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'uber_ride' }] },
    ],
  ])('maps %s to its wire name', (_case, block, expected) => {
    const messages = [{ role: 'assistant', content: [block] }];
    const before = deepCopy(messages);
    const history = transformAnthropicMessagesHistory(messages, names);
    expect(history.messages).toEqual([{ role: 'assistant', content: [expected] }]);
    expect(messages).toEqual(before);
  });

  it('does not map a toolset member’s call', () => {
    const block = { type: 'tool_use', id: 'toolu_1', name: 'uber.ride', toolset_name: 'computer', input: {} };
    const history = transformAnthropicMessagesHistory([{ role: 'assistant', content: [block] }], names);
    expect((history.messages?.[0] as { content: unknown[] }).content[0]).toBe(block);
    expect(history.references).toEqual([]);
  });

  it('sends a call of a tool reached through call_tool as that call_tool call, under the same id', () => {
    const call = { type: 'tool_use', id: 'toolu_1', name: 'uber.ride', input: { loc: 'Berkeley' }, caller: { type: 'direct' } };
    const other = { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: {} };
    const messages = [{ role: 'assistant', content: [call, other] }];
    const before = deepCopy(messages);
    const history = transformAnthropicMessagesHistory(messages, names, { throughCallTool: new Set(['uber_ride']) });
    expect((history.messages?.[0] as { content: unknown[] }).content).toEqual([
      { type: 'tool_use', id: 'toolu_1', name: 'call_tool', input: { name: 'uber_ride', arguments: { loc: 'Berkeley' } }, caller: { type: 'direct' } },
      other,
    ]);
    expect(history.references).toEqual([
      { name: 'call_tool', kind: 'tool_use', path: 'messages[0].content[0].name' },
      { name: 'get_weather', kind: 'tool_use', path: 'messages[0].content[1].name' },
    ]);
    expect(messages).toEqual(before);
  });

  it('collects the text of every tool result, with the name of the call it answers', () => {
    const history = transformAnthropicMessagesHistory(
      [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'a', name: 'tool_search', input: {} },
            { type: 'tool_use', id: 'b', name: 'get_weather', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a', content: 'one' },
            {
              type: 'tool_result',
              tool_use_id: 'b',
              content: [
                { type: 'text', text: 'two' },
                { type: 'image', source: {} },
              ],
            },
            { type: 'tool_result', tool_use_id: 'c' },
          ],
        },
      ],
      names,
    );
    // `c` answers no call the history holds: nothing says whose output it is.
    expect(history.toolOutputs).toEqual([
      { name: 'tool_search', output: 'one' },
      { name: 'get_weather', output: 'two' },
    ]);
  });

  it('reads absent messages as no history', () => {
    expect(transformAnthropicMessagesHistory(undefined, names)).toEqual({
      messages: undefined,
      references: [],
      toolOutputs: [],
      searchToolName: null,
      added: [],
      defined: [],
      addedAsText: [],
      toolChanges: null,
      warnings: [],
    });
  });

  describe('tool changes', () => {
    const byValue = (name: string) => ({
      type: 'tool_addition',
      tool: { type: 'tool_definition', definition: { name, input_schema: { type: 'object' } } },
    });
    const byReference = (type: 'tool_addition' | 'tool_removal', name: string) => ({ type, tool: { type: 'tool_reference', name } });

    it('reads the tool changes of any list of messages, skipping odd blocks; no messages read as no changes', () => {
      expect(readAnthropicMessagesHistory(undefined).neutral.changes ?? []).toEqual([]);
      for (const value of [null, 'messages', {}, 1]) expect(() => readAnthropicMessagesHistory(value)).toThrow(ToolSearchError);
      fc.assert(
        fc.property(fc.array(fc.anything({ withNullPrototype: true, withSparseArray: true })), (messages) => {
          expect(Array.isArray(readAnthropicMessagesHistory(messages).neutral.changes)).toBe(true);
        }),
      );
    });

    it('reads the names the history added, in order: additions minus removals, with compaction blocks’ tool_changes', () => {
      const compaction = {
        type: 'compaction',
        content: 'summary',
        encrypted_content: 'opaque',
        tool_changes: [byReference('tool_addition', 'get_weather'), byReference('tool_addition', 'get_time')],
      };
      const messages = [
        { role: 'assistant', content: [compaction] },
        { role: 'user', content: 'go on' },
        { role: 'system', content: [byValue('book_flight'), byReference('tool_removal', 'get_weather')] },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'and?' },
        { role: 'system', content: [byReference('tool_addition', 'get_weather'), { type: 'text', text: 'note' }] },
      ];
      const before = deepCopy(messages);
      const history = transformAnthropicMessagesHistory(messages, names);
      expect(history.added).toEqual(['get_time', 'book_flight', 'get_weather']);
      expect(history.defined).toEqual(['book_flight']);
      expect(history.toolChanges).toBe('value');
      // A change by reference names a tool `tools` must declare.
      expect(history.references).toEqual([
        { name: 'get_weather', kind: 'tool_change', path: 'messages[0].content[0].tool_changes[0].tool.name' },
        { name: 'get_time', kind: 'tool_change', path: 'messages[0].content[0].tool_changes[1].tool.name' },
        { name: 'get_weather', kind: 'tool_change', path: 'messages[2].content[1].tool.name' },
        { name: 'get_weather', kind: 'tool_change', path: 'messages[5].content[0].tool.name' },
      ]);
      // Kept as they are, down to the objects.
      for (const [index, message] of (history.messages ?? []).entries()) expect(message).toBe(messages[index]);
      expect(messages).toEqual(before);
    });

    it('says `reference` when no change carries a definition, and ignores MCP references', () => {
      const messages = [
        { role: 'user', content: 'hi' },
        {
          role: 'system',
          content: [byReference('tool_addition', 'get_weather'), { type: 'tool_addition', tool: { type: 'mcp_toolset_reference', server_name: 'db' } }],
        },
      ];
      const history = transformAnthropicMessagesHistory(messages, names);
      expect(history.added).toEqual(['get_weather']);
      expect(history.toolChanges).toBe('reference');
    });

    it('rewrites only a name the request renames, in the block that gives it; never a compaction block', () => {
      const compaction = { type: 'compaction', content: 's', tool_changes: [byReference('tool_addition', 'uber.ride')] };
      const messages = [
        { role: 'assistant', content: [compaction] },
        { role: 'user', content: 'hi' },
        { role: 'system', content: [byValue('uber.ride'), byReference('tool_removal', 'get_weather')] },
      ];
      const history = transformAnthropicMessagesHistory(messages, names);
      expect((history.messages?.[0] as { content: unknown[] }).content[0]).toBe(compaction);
      const system = history.messages?.[2] as { content: unknown[] };
      expect(system.content[0]).toEqual({
        type: 'tool_addition',
        tool: { type: 'tool_definition', definition: { name: 'uber_ride', input_schema: { type: 'object' } } },
      });
      expect(system.content[1]).toBe(messages[2]?.content[1]);
      expect(history.added).toEqual(['uber_ride']);
    });

    it('keeps a server tool definition’s fixed name', () => {
      const block = { type: 'tool_addition', tool: { type: 'tool_definition', definition: { type: 'web_search_20250305', name: 'web.search' } } };
      const history = transformAnthropicMessagesHistory([{ role: 'system', content: [block] }], names);
      expect((history.messages?.[0] as { content: unknown[] }).content[0]).toBe(block);
      expect(history.added).toEqual(['web.search']);
    });
  });

  it('rejects messages that are not an array', () => {
    const act = () => transformAnthropicMessagesHistory({}, names);
    expect(act).toThrow(ToolSearchError);
    expect(act).toThrow(expect.objectContaining({ code: 'invalid-request' }));
  });
});
