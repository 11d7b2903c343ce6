import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinitionsInput } from '../../src/tools/tool-definition.js';
import { parseToolDefinitions } from '../../src/tools/parse-tool-definitions.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

const readFile = { name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } };
const sendEmail = { name: 'send_email', inputSchema: { type: 'object' } };

describe('parseToolDefinitions', () => {
  it('returns an array of tool definitions as it is, the same objects', () => {
    const tools = [readFile, sendEmail];
    const parsed = parseToolDefinitions(tools);
    expect(parsed).toBe(tools);
    expect(parsed[0]).toBe(readFile);
  });

  describe('on an MCP `tools/list` result', () => {
    it('reads the tools and ignores the fields around them (`nextCursor`, `_meta`)', () => {
      const result = { tools: [readFile, sendEmail], nextCursor: 'page-2', _meta: { server: 'files' } };
      const parsed = parseToolDefinitions(result);
      expect(parsed).toBe(result.tools);
    });

    it("keeps each tool's own MCP fields (`title`, `annotations`, `outputSchema`, `_meta`)", () => {
      const tool = {
        ...readFile,
        title: 'Read file',
        annotations: { readOnlyHint: true },
        outputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        _meta: { 'example.com/cost': 1 },
      };
      expect(parseToolDefinitions({ tools: [tool] })).toEqual([tool]);
    });

    it('reads an empty result as no tools', () => {
      expect(parseToolDefinitions({ tools: [] })).toEqual([]);
    });

    it('names the tool of a result that is invalid, as in an array', () => {
      expect(() => parseToolDefinitions({ tools: [readFile, { name: 'read_file', inputSchema: {} }] })).toThrow(
        'tool `read_file` is defined twice (`tools[0]` and `tools[1]`)',
      );
    });

    it('rejects a result whose `tools` is not an array', () => {
      const parse = () => parseToolDefinitions({ tools: { read_file: readFile } });
      expect(parse).toThrow(ToolSearchError);
      expect(parse).toThrow('`tools.tools` must be an array of tool definitions, got an object');
    });
  });

  it.each([
    ['a string', 'read_file', 'got "read_file" (a string)'],
    ['null', null, 'got null'],
    ['an object without `tools`', { read_file: readFile }, 'got an object'],
  ])('rejects %s with a message naming both accepted forms', (_label, input, got) => {
    try {
      parseToolDefinitions(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ToolSearchError);
      expect((error as ToolSearchError).code).toBe('invalid-tools');
      expect((error as Error).message).toBe(
        `\`tools\` must be an array of tool definitions, ${got} (an object holding the array in \`tools\`, such as an MCP \`tools/list\` result, is accepted too)`,
      );
    }
  });

  it('rejects a `server` that is not a string', () => {
    const parse = () => parseToolDefinitions([{ ...readFile, server: 7 }]);
    expect(parse).toThrow(ToolSearchError);
    expect(parse).toThrow('tool `read_file` has a `server` that is not a string: 7');
  });

  it('does not read an array as a result, even one with a `tools` field', () => {
    const tools = Object.assign([readFile], { tools: 'ignored' });
    expect(parseToolDefinitions(tools)).toBe(tools);
  });
});

describe('the type of a tool list (ToolDefinitionsInput)', () => {
  it('takes the MCP SDK’s tools/list result and Client.listTools() result', () => {
    expectTypeOf<ListToolsResult>().toExtend<ToolDefinitionsInput>();
    expectTypeOf<ListToolsResult['tools']>().toExtend<ToolDefinitionsInput>();
    expectTypeOf<Awaited<ReturnType<Client['listTools']>>>().toExtend<ToolDefinitionsInput>();
    expectTypeOf<{ tools: string[] }>().not.toExtend<ToolDefinitionsInput>();
    expect(true).toBe(true);
  });
});
