import type { ToolDefinition } from '../src/tools/tool-definition.js';

/**
 * The seed's own `tool_search` tool, from its documented definition (seed-implementation.md §4.6: description and
 * parameter schema verbatim). Used only to reproduce the seed's published figure on its 19-tool surface; the
 * library's rows use the library's `TOOL_SEARCH_TOOL_DEFINITION`.
 */
export const SEED_TOOL_SEARCH_DEFINITION: ToolDefinition = {
  name: 'tool_search',
  description:
    'Search the available tools by keyword and load their full parameter schemas. Returns matching tools with their names, ' +
    'descriptions, and JSON parameter schemas. Call this before using any tool whose parameters you have not loaded yet.',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description: "Keywords describing the tool or capability you need (e.g. 'read file', 'run sql', 'send message').",
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  deferrable: 'never',
};

/**
 * The seed's system-prompt note (seed-implementation.md §4.3, verbatim) wrapped as its capability prompt
 * (`<capability id="tool_search">…</capability>`), so the seed's rows can be charged for their note as the library's
 * rows are for theirs.
 */
export const SEED_TOOL_SEARCH_GUIDANCE =
  '<capability id="tool_search">\n' +
  'Many of your tools are loaded lazily to save context: you can see their names and descriptions, but their parameter ' +
  'schemas are hidden until you ask for them. Before calling a tool whose parameters you have not yet loaded, call ' +
  '`tool_search` with a short query describing what you need (for example "read file" or "send email"). It returns the ' +
  'matching tools with their full JSON parameter schemas, and on your next step those tools become callable with their ' +
  'full parameters. Frequently used tools keep their full schemas and do not need to be searched for.\n' +
  '</capability>';
