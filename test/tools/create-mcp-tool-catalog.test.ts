import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOL_NAME_SEPARATOR, createMCPToolCatalog } from '../../src/tools/create-mcp-tool-catalog.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ToolDefinitionsInput } from '../../src/tools/tool-definition.js';
import { tool } from '../support/tools.js';

describe('createMCPToolCatalog', () => {
  it('names every tool `<server>__<tool>`, with the server as its category and server, in server then tool order', () => {
    const catalog = createMCPToolCatalog({ github: { tools: [tool('create_issue'), tool('get_me')] }, linear: [tool('create_issue')] });
    expect(catalog.tools.map((entry) => [entry.name, entry.category, entry.server])).toEqual([
      ['github__create_issue', 'github', 'github'],
      ['github__get_me', 'github', 'github'],
      ['linear__create_issue', 'linear', 'linear'],
    ]);
    expect(MCP_TOOL_NAME_SEPARATOR).toBe('__');
  });

  it('prefixes a name no other server shares too, so connecting a server later renames nothing', () => {
    const before = createMCPToolCatalog({ github: [tool('get_me')] });
    const after = createMCPToolCatalog({ github: [tool('get_me')], slack: [tool('get_me')] });
    expect(before.tools[0]?.name).toBe('github__get_me');
    expect(after.tools[0]?.name).toBe('github__get_me');
  });

  it('maps a catalog name back to the server and the name its callTool takes', () => {
    const catalog = createMCPToolCatalog({ github: [tool('create_issue')], 'my.server': [tool('a__b')] });
    expect(catalog.resolveServerTool('github__create_issue')).toEqual({ server: 'github', name: 'create_issue' });
    expect(catalog.resolveServerTool('my.server__a__b')).toEqual({ server: 'my.server', name: 'a__b' });
    expect(catalog.resolveServerTool('create_issue')).toBeUndefined();
  });

  it('keeps each tool’s other fields and leaves the inputs untouched', () => {
    const original = tool('create_issue', 'always', { title: 'Create issue', annotations: { readOnlyHint: false }, _meta: { x: 1 }, category: 'mine' });
    const listed = { tools: [original], nextCursor: 'page-2' };
    const copy = structuredClone(listed);
    const [entry] = createMCPToolCatalog({ github: listed }).tools;
    expect(entry).toEqual({ ...original, name: 'github__create_issue', category: 'github', server: 'github' });
    expect(listed).toEqual(copy);
  });

  it('gives equal catalogs for equal inputs', () => {
    const servers = { a: [tool('x')], b: [tool('y')] };
    expect(createMCPToolCatalog(servers).tools).toEqual(createMCPToolCatalog(structuredClone(servers)).tools);
  });

  it('accepts Client.listTools() results by type', () => {
    expectTypeOf<ListToolsResult>().toExtend<ToolDefinitionsInput>();
    expectTypeOf<Awaited<ReturnType<Client['listTools']>>>().toExtend<ToolDefinitionsInput>();
    expectTypeOf(createMCPToolCatalog).parameter(0).toExtend<Record<string, ToolDefinitionsInput>>();
    expect(createMCPToolCatalog({}).tools).toEqual([]);
  });

  describe('bad input', () => {
    it.each([
      [
        'two tools that end up with one name',
        { a: [tool('b__c')], a__b: [tool('c')] },
        'two MCP tools are both named `a__b__c`: `b__c` of server `a` and `c` of server `a__b`; rename a server',
      ],
      ['an empty server name', { '': [tool('x')] }, 'an MCP server name must be a non-empty string, got ""'],
      ['a server whose tool list is invalid', { github: [tool('x'), tool('x')] }, 'server `github`: Invalid tool list: tool `x` is defined twice'],
      ['a server whose list is not a list', { github: 'tools' }, 'server `github`: `tools` must be an array of tool definitions, got "tools" (a string)'],
      ['servers that are not an object', [tool('x')], '`servers` must be an object of tool lists by server name, got an array'],
    ])('rejects %s with invalid-tools', (_label, servers, message) => {
      const create = () => createMCPToolCatalog(servers as never);
      expect(create).toThrow(ToolSearchError);
      expect(create).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
      expect(create).toThrow(message);
    });
  });
});
