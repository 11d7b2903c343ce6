import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCLITools } from '../../src/cli/read-cli-tools.js';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { createOpenAIChatTools, createOpenAIResponsesTools } from '../../src/providers/openai/index.js';
import { createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { createGeminiFunctionDeclarations } from '../../src/providers/gemini/index.js';
import { createBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';

const folder = mkdtempSync(join(tmpdir(), 'tool-search-cli-tools-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const tools = GITHUB_MCP_TOOLS.slice(0, 20);
const noInput = (): Promise<string> => Promise.reject(new Error('no standard input in this test'));

function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

async function readError(path: string, format?: Parameters<typeof readCLITools>[2]): Promise<{ code: string; message: string }> {
  const error: unknown = await readCLITools(path, noInput, format).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isToolSearchError(error)) throw new Error(`expected a ToolSearchError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('readCLITools', () => {
  describe('reads every shape the package reads, to the same tools', () => {
    it.each([
      ['OpenAI Responses tools', createOpenAIResponsesTools(tools), 'a JSON array of OpenAI Responses tools'],
      ['a Chat Completions body', { model: 'gpt-4.1', messages: [], tools: createOpenAIChatTools(tools) }, 'a request body of OpenAI Chat Completions tools'],
      ['Anthropic Messages tools', createAnthropicMessagesTools(tools), 'a JSON array of Anthropic Messages tools'],
      ['Gemini function declarations', createGeminiFunctionDeclarations(tools), 'a JSON array of Gemini function declarations'],
      [
        'a Converse request',
        { modelId: 'amazon.nova-pro-v1:0', messages: [], toolConfig: { tools: [...createBedrockConverseTools(tools), { cachePoint: { type: 'default' } }] } },
        'a Converse request of Amazon Bedrock Converse tools',
      ],
    ])('%s', async (label, json, form) => {
      const path = file(`${label}.json`, JSON.stringify(json));
      const read = await readCLITools(path, noInput);
      expect(read.source).toBe(`${path} (${form})`);
      expect(read.tools.map((tool) => [tool.name, tool.description])).toEqual(tools.map((tool) => [tool.name, tool.description]));
    });
  });

  it('reads a file that starts with a UTF-8 byte order mark', async () => {
    const path = file('bom.json', `\uFEFF${JSON.stringify(tools)}`);
    const read = await readCLITools(path, noInput);
    expect(read.tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(read.source).toBe(`${path} (a JSON array of MCP tools)`);
  });

  it('gives one error for a file of 20 tools in no shape, not one per tool', async () => {
    const path = file('junk.json', JSON.stringify(tools.map((tool) => ({ id: tool.name, schema: tool.inputSchema }))));
    const error = await readError(path);
    expect(error.code).toBe('invalid-tools');
    expect(error.message).toMatch(
      new RegExp(
        `^\`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`: its tools are in no shape this package reads \\(\`tools\\[0\\]\` is an object with the fields \`id\`, \`schema\`\\)`,
      ),
    );
    expect(error.message.match(/tools\[/g)).toHaveLength(1);
  });

  it('names the shape it read when its reader refuses the list', async () => {
    const path = file(
      'bad-anthropic.json',
      JSON.stringify([
        { name: 'a', input_schema: {} },
        { name: 'a', input_schema: {} },
      ]),
    );
    const error = await readError(path);
    expect(error.code).toBe('invalid-tools');
    expect(error.message).toContain(`\`${path}\`, read as Anthropic Messages ({ name, description, input_schema }): `);
  });

  it('says when --format names another shape than the file’s', async () => {
    const path = file('anthropic.json', JSON.stringify(createAnthropicMessagesTools(tools)));
    expect(await readError(path, 'openai-chat')).toEqual({
      code: 'invalid-tools',
      message: `\`${path}\`: \`--format openai-chat\` asks for OpenAI Chat Completions ({ type: 'function', function: { name, parameters } }), but \`tools[0]\` is Anthropic Messages ({ name, description, input_schema }); leave \`--format\` out to read the shape the file has`,
    });
  });
});
