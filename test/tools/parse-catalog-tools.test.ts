import { describe, expect, it } from 'vitest';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { parseCatalogTools } from '../../src/tools/parse-catalog-tools.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

const schema = { type: 'object', properties: { city: { type: 'string' } } };
const tools = [
  { name: 'get_weather', description: 'Weather in a city.', inputSchema: schema },
  { name: 'send_email', description: 'Send an email.', inputSchema: schema },
];

describe('parseCatalogTools', () => {
  it("gives a catalog's tools as it holds them", () => {
    const catalog = createToolCatalog(tools);
    expect(parseCatalogTools(catalog)).toBe(catalog.tools);
  });

  it('gives the tools of a plain list or of an MCP `tools/list` result, the same tool objects', () => {
    expect(parseCatalogTools(tools)).toEqual(tools);
    expect(parseCatalogTools(tools)[1]).toBe(tools[1]);
    expect(parseCatalogTools({ tools })).toEqual(tools);
  });

  it('checks a plain list as createToolCatalog does', () => {
    const [first] = tools as [(typeof tools)[number]];
    const twice = [first, first];
    expect(() => parseCatalogTools(twice)).toThrow(ToolSearchError);
    expect(() => parseCatalogTools(twice)).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
    expect(() => parseCatalogTools(twice)).toThrow(/defined twice/);
    expect(() => createToolCatalog(twice)).toThrow(/defined twice/);
  });
});
