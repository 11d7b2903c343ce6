import { describe, expect, it } from 'vitest';
import { resolveToolFileLayout } from '../../src/cli/resolve-tool-file-layout.js';
import { createOpenAIChatTools, createOpenAIResponsesTools } from '../../src/providers/openai/index.js';
import { createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { createGeminiFunctionDeclarations } from '../../src/providers/gemini/index.js';
import { createBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';

const mcp = GITHUB_MCP_TOOLS.slice(0, 3);
const responses = createOpenAIResponsesTools(mcp);
const chat = createOpenAIChatTools(mcp);
const anthropic = createAnthropicMessagesTools(mcp);
const declarations = createGeminiFunctionDeclarations(mcp);
const converse = createBedrockConverseTools(mcp);

describe('resolveToolFileLayout', () => {
  describe('detects the shape from the tools’ fields', () => {
    it.each([
      ['MCP tools in an array', mcp, 'mcp', 'a JSON array'],
      ['an MCP tools/list result', { tools: mcp, nextCursor: 'n' }, 'mcp', 'an object with `tools`'],
      ['a JSON-RPC tools/list response', { jsonrpc: '2.0', id: 1, result: { tools: mcp } }, 'mcp', 'a JSON-RPC tools/list response'],
      ['OpenAI Responses tools', responses, 'openai-responses', 'a JSON array'],
      [
        'a Responses body with a provider tool first',
        { model: 'gpt-5.4', input: [], tools: [{ type: 'web_search' }, ...responses] },
        'openai-responses',
        'a request body',
      ],
      ['OpenAI Chat Completions tools', chat, 'openai-chat', 'a JSON array'],
      ['a Chat Completions body', { model: 'gpt-4.1', messages: [], tools: chat }, 'openai-chat', 'a request body'],
      ['Anthropic Messages tools', anthropic, 'anthropic-messages', 'a JSON array'],
      ['Gemini tools', [{ functionDeclarations: declarations }], 'gemini', 'a JSON array'],
      [
        'a @google/genai request',
        { model: 'gemini-2.5-pro', contents: [], config: { tools: [{ functionDeclarations: declarations }] } },
        'gemini',
        'a @google/genai request',
      ],
      ['Bedrock Converse tools with a cache checkpoint', [...converse, { cachePoint: { type: 'default' } }], 'bedrock-converse', 'a JSON array'],
      ['a Converse request', { modelId: 'amazon.nova-pro-v1:0', messages: [], toolConfig: { tools: converse } }, 'bedrock-converse', 'a Converse request'],
      ['an empty array', [], 'mcp', 'a JSON array'],
    ])('%s', (_label, json, format, container) => {
      expect(resolveToolFileLayout(json)).toMatchObject({ format, container });
    });

    it('wraps bare Gemini function declarations into one Gemini tool', () => {
      expect(resolveToolFileLayout(declarations)).toEqual({ format: 'gemini', entries: [{ functionDeclarations: declarations }], container: 'a JSON array' });
    });
  });

  describe('reads each entry as resolveToolShape does', () => {
    const schema = { type: 'object', properties: {} };

    it('reads a `type: function` entry as OpenAI Responses even with an MCP `inputSchema`', () => {
      expect(resolveToolFileLayout([{ type: 'function', name: 'a', inputSchema: schema }])).toMatchObject({ format: 'openai-responses' });
    });

    it('reads a `type: function` entry without a name as OpenAI Responses, for its reader to name the fault', () => {
      expect(resolveToolFileLayout([{ type: 'function', parameters: schema }])).toMatchObject({ format: 'openai-responses' });
    });

    it.each([
      ['a Responses custom tool', [{ type: 'custom', name: 'sql', format: { type: 'text' } }], 'openai-responses'],
      ['a Chat Completions custom tool', [{ type: 'custom', custom: { name: 'sql' } }], 'openai-chat'],
      ['a Gemini built-in tool', [{ googleSearch: {} }], 'gemini'],
      ['a Gemini CallableTool', [{ tool: async () => ({}), callTool: async () => [] }], 'gemini'],
    ])('knows %s', (_label, json, format) => {
      expect(resolveToolFileLayout(json)).toMatchObject({ format, entries: json });
    });

    it('leaves a provider tool to the reader even with an MCP `inputSchema`', () => {
      expect(resolveToolFileLayout([{ type: 'web_search', inputSchema: schema }, ...anthropic])).toMatchObject({ format: 'anthropic-messages' });
    });

    it('wraps bare declarations into one Gemini tool next to the Gemini tools already there', () => {
      const [first, ...rest] = declarations;
      expect(resolveToolFileLayout([{ googleSearch: {} }, ...declarations])).toMatchObject({
        format: 'gemini',
        entries: [{ googleSearch: {} }, { functionDeclarations: declarations }],
      });
      expect(resolveToolFileLayout([{ functionDeclarations: [first] }, ...rest])).toMatchObject({
        format: 'gemini',
        entries: [{ functionDeclarations: [first] }, { functionDeclarations: rest }],
      });
      expect(resolveToolFileLayout([{ googleSearch: {} }, ...declarations], 'gemini')).toMatchObject({
        entries: [{ googleSearch: {} }, { functionDeclarations: declarations }],
      });
    });
  });

  describe('with --format', () => {
    it('reads the shape asked for', () => {
      expect(resolveToolFileLayout(anthropic, 'anthropic-messages')).toEqual({ format: 'anthropic-messages', entries: anthropic, container: 'a JSON array' });
      expect(resolveToolFileLayout(declarations, 'gemini')).toMatchObject({ format: 'gemini', entries: [{ functionDeclarations: declarations }] });
    });

    it('names the shape the tools have when it is another', () => {
      expect(resolveToolFileLayout(anthropic, 'mcp')).toEqual({
        format: null,
        problem:
          '`--format mcp` asks for MCP ({ name, description, inputSchema }), but `tools[0]` is Anthropic Messages ({ name, description, input_schema }); leave `--format` out to read the shape the file has',
      });
    });
  });

  describe('one problem per file', () => {
    it('for tools in no shape, naming the first tool’s fields and every shape read', () => {
      const layout = resolveToolFileLayout(Array.from({ length: 20 }, (_, index) => ({ id: `tool_${index}`, schema: {} })));
      expect(layout).toEqual({
        format: null,
        problem:
          "its tools are in no shape this package reads (`tools[0]` is an object with the fields `id`, `schema`); the shapes read are MCP ({ name, description, inputSchema }), OpenAI Responses ({ type: 'function', name, parameters }), OpenAI Chat Completions ({ type: 'function', function: { name, parameters } }), Anthropic Messages ({ name, description, input_schema }), Gemini ({ functionDeclarations: [{ name, parameters }] }, or the declarations themselves), Amazon Bedrock Converse ({ toolSpec: { name, inputSchema: { json } } })",
      });
    });

    it('for tools of two shapes', () => {
      expect(resolveToolFileLayout([...mcp, ...anthropic])).toEqual({
        format: null,
        problem:
          'its tools mix shapes: `tools[0]` is MCP ({ name, description, inputSchema }), `tools[3]` is Anthropic Messages ({ name, description, input_schema }); give one shape per file, or choose one with `--format`',
      });
    });

    it.each([
      ['an object without tools', { name: 'x' }],
      ['a string', 'tools'],
      ['null', null],
    ])('for %s', (_label, json) => {
      expect(resolveToolFileLayout(json)).toMatchObject({ format: null, problem: expect.stringContaining('it holds no tool list') });
    });
  });
});
