import { resolveCatalogIndex } from '../../src/catalog/resolve-catalog-index.js';
import { resolveCatalogValidator } from '../../src/catalog/resolve-catalog-validator.js';
import { describe, expect, it } from 'vitest';
import { createToolCatalog, isToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';

const schema = { type: 'object', properties: { city: { type: 'string' } } };
const tools = [
  { name: 'get_weather', description: 'Weather in a city.', inputSchema: schema, deferrable: 'always' as const, category: 'weather' },
  { name: 'send_email', description: 'Send an email.', inputSchema: schema },
];

describe('createToolCatalog', () => {
  it('holds the definitions in input order, frozen, the same tool objects', () => {
    const catalog = createToolCatalog(tools);
    expect(catalog.tools).toEqual(tools);
    expect(catalog.tools[0]).toBe(tools[0]);
    expect(Object.isFrozen(catalog.tools)).toBe(true);
    expect(Object.isFrozen(catalog)).toBe(true);
  });

  it('reads an MCP `tools/list` result', () => {
    expect(createToolCatalog({ tools }).names).toEqual(['get_weather', 'send_email']);
  });

  it('finds each tool by name', () => {
    const catalog = createToolCatalog(tools);
    expect(catalog.byName.get('send_email')).toBe(tools[1]);
    expect(catalog.byName.get('nope')).toBeUndefined();
  });

  it('returns a catalog given to it as it is', () => {
    const catalog = createToolCatalog(tools);
    expect(createToolCatalog(catalog)).toBe(catalog);
    expect(isToolCatalog(catalog)).toBe(true);
    expect(isToolCatalog({ tools })).toBe(false);
  });

  it('keys the list by what a plan depends on: names, policies and categories, not schemas', () => {
    const other = createToolCatalog(tools.map((tool) => ({ ...tool, inputSchema: { type: 'object' } })));
    expect(createToolCatalog(tools).key).toBe(other.key);
    expect(createToolCatalog([tools[1]!, tools[0]!]).key).not.toBe(other.key);
    expect(createToolCatalog([{ ...tools[0]!, deferrable: 'never' as const }, tools[1]!]).key).not.toBe(other.key);
  });

  it("names the package's own tools apart from a caller's tool of the same name", () => {
    expect(createToolCatalog(tools).own).toEqual({ searchName: 'tool_search', callToolName: 'call_tool' });
    expect(createToolCatalog([...tools, { name: 'tool_search', inputSchema: schema }]).own.searchName).toBe('tool_search_2');
  });

  it('searches every tool but one named `tool_search`', () => {
    const catalog = createToolCatalog([...tools, { name: 'tool_search', inputSchema: schema }]);
    expect(catalog.searchable.names).toEqual(['get_weather', 'send_email']);
    expect(createToolCatalog(tools).searchable.names).toEqual(['get_weather', 'send_email']);
  });

  it('builds its index once per `maxResults`, ranking as `createToolIndex` does', () => {
    const catalog = createToolCatalog(tools);
    expect(resolveCatalogIndex(catalog, 8)).toBe(resolveCatalogIndex(catalog, 8));
    expect(resolveCatalogIndex(catalog, 8).search('weather in paris')).toEqual(createToolIndex(tools, { maxResults: 8 }).search('weather in paris'));
  });

  it('compiles a tool’s argument validator once', async () => {
    const catalog = createToolCatalog(tools);
    const validator = await resolveCatalogValidator(catalog, tools[0]!);
    expect(validator).not.toBeNull();
    expect(await resolveCatalogValidator(catalog, tools[0]!)).toBe(validator);
    expect(validator?.validate({ city: 3 }).length).toBeGreaterThan(0);
  });

  it('throws `invalid-tools` naming every offending tool, as `parseToolDefinitions` does', () => {
    try {
      createToolCatalog([tools[0]!, tools[0]!, { name: '', inputSchema: schema }] as never);
      expect.unreachable();
    } catch (error) {
      expect(isToolSearchError(error) && error.code).toBe('invalid-tools');
      expect((error as Error).message).toContain('tool `get_weather` is defined twice');
      expect((error as Error).message).toContain('`tools[2]`.name must be a non-empty string');
    }
  });
});
