/**
 * Every quick start of the README, run as it is written: each block becomes a module whose `tool-search` imports
 * resolve to src/ (vitest.config.ts), the SDK clients it builds with their defaults reach a local server on 127.0.0.1
 * through the SDKs' documented environment variables, and what it `declare`s (your tools, your `runTool`) is provided
 * on `globalThis`. The server plays the API over GitHub's 117 MCP tools; the test checks that the loop ended, and that
 * the caller's tool ran with its own name and arguments.
 *
 * scripts/check-installed-package.mjs runs this file again with `TOOL_SEARCH_APP` set to a fresh app holding the
 * packed tarball: the blocks are then written into that app, so `tool-search` is the installed package.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { tool as langchainTool } from 'langchain';
import { tool as agentsTool } from '@openai/agents';
import { scriptedAt, startLocalServer, type LocalServer, type ScriptedResponse } from '../support/local-server.js';
import { GITHUB_MCP_TOOLS, githubToolsIn } from '../support/github-mcp-tools.js';
import { anthropicReply, chatReply, geminiReply, responsesReply } from '../support/scripted-replies.js';
import { bedrockConverseReplyOf } from '../support/scripted-model-apis.js';
import { pointSDKsAt } from '../support/sdk-environment.js';

const root = join(import.meta.dirname, '..', '..');
const app = process.env.TOOL_SEARCH_APP;
const generated = app === undefined ? join(root, 'test', '.generated') : join(app, 'quick-starts');
const quickStart = /^## Quick start\n[\s\S]*?(?=^## )/m.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[0] ?? '';
const blocks = [...quickStart.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1] as string);

type Kind = 'responses' | 'chat' | 'anthropic' | 'gemini' | 'bedrock' | 'ai-sdk' | 'langchain' | 'openai-agents';
const KINDS: [Kind, string][] = [
  ['ai-sdk', "from 'tool-search/ai-sdk'"],
  ['langchain', "from 'tool-search/langchain'"],
  ['openai-agents', "from 'tool-search/openai-agents'"],
  ['responses', 'createOpenAIResponsesToolSearch'],
  ['chat', 'createOpenAIChatToolSearch'],
  ['anthropic', 'createAnthropicMessagesToolSearch'],
  ['gemini', 'createGeminiToolSearch'],
  ['bedrock', 'createBedrockConverseToolSearch'],
];
const kindOf = (code: string): Kind | undefined => KINDS.find(([, marker]) => code.includes(marker))?.[0];

/** What a fake API answers for a quick start, at its path, and the call the caller's tool must see. */
interface Script {
  readonly path: string;
  /** The AWS SDK's Bedrock Runtime client speaks HTTP/2. */
  readonly http2?: boolean;
  readonly replies: unknown[];
  readonly ran: [string, unknown];
}

/** The Responses API's script. */
const RESPONSES_SCRIPT: Script = {
  path: '/responses',
  replies: [
    responsesReply(1, [
      { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts1', execution: 'client', status: 'completed', arguments: { query: 'list_issues' } },
    ]),
    responsesReply(2, [
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'list_issues', arguments: '{"owner":"octo","repo":"hello"}', status: 'completed' },
    ]),
    responsesReply(3, [
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Two open issues.', annotations: [] }] },
    ]),
  ],
  ran: ['list_issues', { owner: 'octo', repo: 'hello' }],
};

/** The script of each quick start. */
const SCRIPTS: Record<Kind, Script> = {
  responses: RESPONSES_SCRIPT,
  // The AI SDK, LangChain.js and OpenAI Agents SDK quick starts run on gpt-5.4 over the Responses API: the same replies.
  'ai-sdk': RESPONSES_SCRIPT,
  langchain: RESPONSES_SCRIPT,
  'openai-agents': RESPONSES_SCRIPT,
  chat: {
    path: '/chat/completions',
    replies: [
      chatReply(1, [['call_1', 'tool_search', { query: 'create_issue' }]]),
      chatReply(2, [['call_2', 'call_tool', { name: 'create_issue', arguments: { owner: 'octo', repo: 'hello', title: 'Bug' } }]]),
      chatReply(3, []),
    ],
    ran: ['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }],
  },
  anthropic: {
    path: '/v1/messages',
    replies: [
      anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use'),
      anthropicReply([{ type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: { owner: 'octo', repo: 'hello', path: 'README.md' } }], 'tool_use'),
      anthropicReply([{ type: 'text', text: 'It says hello.', citations: null }], 'end_turn'),
    ],
    ran: ['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }],
  },
  gemini: {
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    replies: [
      geminiReply([{ functionCall: { name: 'tool_search', args: { query: 'search_repositories' } } }]),
      geminiReply([{ functionCall: { name: 'call_tool', args: { name: 'search_repositories', arguments: { query: 'tool search' } } } }]),
      geminiReply([{ text: 'Found 3 repositories.' }]),
    ],
    ran: ['search_repositories', { query: 'tool search' }],
  },
  bedrock: {
    path: `/model/${encodeURIComponent('us.anthropic.claude-sonnet-4-5-20250929-v1:0')}/converse`,
    http2: true,
    replies: [
      bedrockConverseReplyOf([{ toolUse: { toolUseId: 'tooluse_1', name: 'tool_search', input: { query: 'create_issue' } } }]),
      bedrockConverseReplyOf([
        { toolUse: { toolUseId: 'tooluse_2', name: 'call_tool', input: { name: 'create_issue', arguments: { owner: 'octo', repo: 'hello', title: 'Bug' } } } },
      ]),
      bedrockConverseReplyOf([{ text: 'Filed it.' }]),
    ],
    ran: ['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }],
  },
};

/** The wire API of each quick start that has one. */
const KIND_APIS = { responses: 'openai-responses', chat: 'openai-chat', anthropic: 'anthropic-messages', bedrock: 'bedrock-converse' } as const;

/** What each quick start `declare`s, as the wire API's tools (GitHub's MCP tools) and a recording `runTool`. */
function provideGlobals(kind: Kind, ran: [string, unknown][]): void {
  const record = (name: string, args: unknown) => {
    ran.push([name, args]);
    return { ok: true, tool: name };
  };
  const scope = globalThis as Record<string, unknown>;
  scope.runTool = async (name: string, args: unknown) => (kind === 'gemini' ? record(name, args) : JSON.stringify(record(name, args)));
  switch (kind) {
    case 'responses':
    case 'chat':
    case 'anthropic':
    case 'bedrock':
      scope.myTools = githubToolsIn(KIND_APIS[kind]);
      break;
    case 'gemini':
      scope.myDeclarations = githubToolsIn('gemini');
      break;
    case 'ai-sdk': {
      const set: ToolSet = {};
      for (const entry of GITHUB_MCP_TOOLS) {
        set[entry.name] = tool({
          description: entry.description ?? '',
          inputSchema: jsonSchema<Record<string, unknown>>(entry.inputSchema as Parameters<typeof jsonSchema>[0]),
          execute: async (args: Record<string, unknown>) => record(entry.name, args),
        });
      }
      scope.myTools = set;
      break;
    }
    case 'langchain':
      scope.myTools = GITHUB_MCP_TOOLS.map((entry) =>
        langchainTool(async (args: unknown) => JSON.stringify(record(entry.name, args)), {
          name: entry.name,
          description: entry.description ?? '',
          schema: entry.inputSchema as Record<string, unknown>,
        }),
      );
      break;
    case 'openai-agents':
      scope.myTools = GITHUB_MCP_TOOLS.map((entry) =>
        agentsTool({
          name: entry.name,
          description: entry.description ?? '',
          parameters: entry.inputSchema as never,
          strict: false,
          execute: async (args) => JSON.stringify(record(entry.name, args)),
        }),
      );
      break;
  }
}

let server: LocalServer | undefined;
let restoreEnvironment = () => {};
afterEach(async () => {
  await server?.close();
  server = undefined;
  restoreEnvironment();
});

describe('the README quick starts', () => {
  it('has one quick start per wire API and one per agent framework', () => {
    expect(blocks.map(kindOf).sort()).toEqual(['ai-sdk', 'anthropic', 'bedrock', 'chat', 'gemini', 'langchain', 'openai-agents', 'responses']);
  });

  it.runIf(app !== undefined)('imports the installed package, not src/', async () => {
    mkdirSync(generated, { recursive: true });
    const probe = join(generated, 'probe.ts');
    writeFileSync(probe, "export { createToolSearch } from 'tool-search';\n");
    const installed = (await import(/* @vite-ignore */ pathToFileURL(probe).href)) as { createToolSearch: unknown };
    const source = await import('../../src/index.js');
    expect(typeof installed.createToolSearch).toBe('function');
    expect(installed.createToolSearch).not.toBe(source.createToolSearch);
  });

  it.each(blocks.map((code, index) => [kindOf(code) ?? 'unknown', index, code] as const))(
    'runs the %s quick start against a loopback server',
    async (kind, index, code) => {
      const script = SCRIPTS[kind as Kind];
      server = await startLocalServer((request, position): ScriptedResponse => {
        if (request.method !== 'POST' || request.path !== script.path) throw new Error(`unexpected ${request.method} ${request.path}`);
        return { body: scriptedAt(script.replies, position) };
      }, script);
      restoreEnvironment = pointSDKsAt(server.url);
      const ran: [string, unknown][] = [];
      provideGlobals(kind as Kind, ran);

      mkdirSync(generated, { recursive: true });
      const file = join(generated, `quick-start-${index + 1}-${kind}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      await import(/* @vite-ignore */ `${pathToFileURL(file).href}?run=${Date.now()}`);

      expect(server.requests).toHaveLength(script.replies.length);
      expect(ran).toEqual([script.ran]);
    },
  );
});
