import { describe, expect, it } from 'vitest';
import {
  STUB_INPUT_SCHEMA,
  TOOL_SEARCH_TOOL_DEFINITION,
  createStubInputSchema,
  createToolSearchInputSchema,
  isOwnTool,
} from '../../src/tools/tool-search-tool-definition.js';

describe('the stub and tool_search schemas', () => {
  it.each([
    ['createStubInputSchema', createStubInputSchema, STUB_INPUT_SCHEMA],
    ['createToolSearchInputSchema', createToolSearchInputSchema, TOOL_SEARCH_TOOL_DEFINITION.inputSchema],
  ])('%s returns a fresh, editable copy that serializes like the frozen constant', (_, create, constant) => {
    const first = create();
    expect(JSON.stringify(first)).toBe(JSON.stringify(constant));
    expect(first).not.toBe(create());
    expect(Object.isFrozen(first)).toBe(false);
    (first as Record<string, unknown>).edited = true;
    expect(create()).not.toHaveProperty('edited');
    expect(constant).not.toHaveProperty('edited');
  });

  it('keeps the constants frozen all the way down', () => {
    expect(Object.isFrozen(STUB_INPUT_SCHEMA)).toBe(true);
    const schema = TOOL_SEARCH_TOOL_DEFINITION.inputSchema as { properties: { query: object }; required: string[] };
    for (const value of [TOOL_SEARCH_TOOL_DEFINITION, schema, schema.properties, schema.properties.query, schema.required]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
  });

  it('recognises its own tool_search, also with a copied schema', () => {
    expect(isOwnTool({ ...TOOL_SEARCH_TOOL_DEFINITION, inputSchema: createToolSearchInputSchema() })).toBe(true);
    expect(isOwnTool({ ...TOOL_SEARCH_TOOL_DEFINITION, inputSchema: createStubInputSchema() })).toBe(false);
  });
});
