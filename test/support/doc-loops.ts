/**
 * Runs a loop written in the README or docs/ as a reader would paste it: the block becomes a module whose
 * `tool-search` imports resolve to src/ (vitest.config.ts) or, under scripts/check-installed-package.mjs
 * (`TOOL_SEARCH_APP`), to the installed package; the SDK clients it builds with their defaults reach a local server on
 * 127.0.0.1 through the SDKs' documented environment variables; and what it `declare`s (your tools, your `runTool`,
 * your `dispatch`) is provided on `globalThis`. The server plays the API over GitHub's 117 MCP tools, scripted per
 * kind of loop: the model searches, calls the tool it found, then answers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tool as agentsTool } from '@openai/agents';
import { tool as langchainTool } from 'langchain';
import { githubToolSet } from './ai-sdk-tool-sets.js';
import { scriptedAt, startLocalServer, type LocalServer, type ScriptedResponse } from './local-server.js';
import { GITHUB_MCP_TOOLS, githubToolsIn } from './github-mcp-tools.js';
import { anthropicReply, chatReply, geminiReply, responsesReply } from './scripted-replies.js';
import { bedrockConverseReplyOf } from './scripted-model-apis.js';
import { pointSDKsAt } from './sdk-environment.js';

/** The kinds of loop, each with its API's script. */
export type DocLoopKind =
  | 'responses'
  | 'responses-native'
  | 'chat'
  | 'anthropic'
  | 'anthropic-native'
  | 'gemini'
  | 'bedrock'
  | 'ai-sdk'
  | 'langchain'
  | 'openai-agents';

/** How a block's code names its kind of loop: the first marker found, in this order. */
const KINDS: readonly [DocLoopKind, (code: string) => boolean][] = [
  ['ai-sdk', (code) => code.includes("from 'tool-search/ai-sdk'")],
  ['langchain', (code) => code.includes("from 'tool-search/langchain'")],
  ['openai-agents', (code) => code.includes("from 'tool-search/openai-agents'")],
  // The client mechanism on GPT-5.4 delivers loaded tools natively: the model calls them by their own names.
  ['responses-native', (code) => code.includes('openai.responses.create') && code.includes("mechanism: 'client'")],
  ['responses', (code) => code.includes('openai.responses.create')],
  ['chat', (code) => code.includes('openai.chat.completions.create')],
  ['anthropic-native', (code) => code.includes('anthropic.beta.messages.create')],
  ['anthropic', (code) => code.includes('anthropic.messages.create')],
  ['gemini', (code) => code.includes('ai.models.generateContent')],
  ['bedrock', (code) => code.includes('new ConverseCommand')],
];

/** The kind of loop a block is, or `undefined` for a block that calls no model API. */
export function docLoopKindOf(code: string): DocLoopKind | undefined {
  return KINDS.find(([, matches]) => matches(code))?.[0];
}

/**
 * Whether a block is a loop to run here: it builds an SDK client (or calls the AI SDK) and loops over the model's
 * turns, without streaming (test/docs/streaming-loops.test.ts runs the streaming loops against a server that streams).
 * Other blocks are type-checked only (scripts/check-readme-code.mjs).
 */
export function isDocLoop(code: string): boolean {
  return docLoopKindOf(code) !== undefined && (code.includes('for (') || code.includes('generateText(')) && !isStreamingLoop(code);
}

/** Whether a block's loop reads the model's answer as a stream. */
function isStreamingLoop(code: string): boolean {
  return /\.stream\(|generateContentStream|ConverseStreamCommand|stream: true|onText/.test(code);
}

/** What a fake API answers for a loop, at its path, and the call the caller's tool must see. */
interface Script {
  readonly path: string;
  /** The AWS SDK's Bedrock Runtime client speaks HTTP/2. */
  readonly http2?: boolean;
  readonly replies: unknown[];
  readonly ran: [string, unknown];
}

/** The Responses API's script: OpenAI's hosted search with the library's ranking, then the loaded tool's call. */
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

const ANTHROPIC_REPLIES = [
  anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use'),
  anthropicReply([{ type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: { owner: 'octo', repo: 'hello', path: 'README.md' } }], 'tool_use'),
  anthropicReply([{ type: 'text', text: 'It says hello.', citations: null }], 'end_turn'),
];

/** The script of each kind of loop. */
const SCRIPTS: Record<DocLoopKind, Script> = {
  responses: RESPONSES_SCRIPT,
  // The client-side `tool_search` as a function call; the tool it loads is added natively and called by its name.
  'responses-native': {
    path: '/responses',
    replies: [
      responsesReply(1, [
        { type: 'function_call', id: 'fc_0', call_id: 'call_0', name: 'tool_search', arguments: '{"query":"list_issues"}', status: 'completed' },
      ]),
      ...RESPONSES_SCRIPT.replies.slice(1),
    ],
    ran: RESPONSES_SCRIPT.ran,
  },
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
  anthropic: { path: '/v1/messages', replies: ANTHROPIC_REPLIES, ran: ['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }] },
  // The SDK's beta client (`anthropic.beta.messages.create`, which sends `betas` as the `anthropic-beta` header).
  'anthropic-native': {
    path: '/v1/messages',
    replies: ANTHROPIC_REPLIES,
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

/** The wire API of each kind of loop that has one. */
const KIND_APIS = {
  responses: 'openai-responses',
  'responses-native': 'openai-responses',
  chat: 'openai-chat',
  anthropic: 'anthropic-messages',
  'anthropic-native': 'anthropic-messages',
  bedrock: 'bedrock-converse',
} as const;

/**
 * What each loop `declare`s: the wire API's tools (GitHub's MCP tools), a recording `runTool`, and a `dispatch`; the
 * calls your tools got are in the list returned.
 */
function provideGlobals(kind: DocLoopKind): [string, unknown][] {
  const scope = globalThis as Record<string, unknown>;
  if (kind === 'ai-sdk') {
    const { ran, tools } = githubToolSet();
    scope.myTools = tools;
    return ran;
  }
  const ran: [string, unknown][] = [];
  const record = (name: string, args: unknown) => {
    ran.push([name, args]);
    return { ok: true, tool: name };
  };
  const runTool = async (name: string, args: unknown) => (kind === 'gemini' ? record(name, args) : JSON.stringify(record(name, args)));
  scope.runTool = runTool;
  // docs/session-api.md's dispatch, as its loops declare it: every pending call run, one output each.
  scope.dispatch = async (pending: readonly { name: string; arguments: unknown }[]) => Promise.all(pending.map((call) => runTool(call.name, call.arguments)));
  if (kind === 'gemini') scope.myDeclarations = githubToolsIn('gemini');
  else if (kind === 'langchain') {
    scope.myTools = GITHUB_MCP_TOOLS.map((entry) =>
      langchainTool(async (args: unknown) => JSON.stringify(record(entry.name, args)), {
        name: entry.name,
        description: entry.description ?? '',
        schema: entry.inputSchema as Record<string, unknown>,
      }),
    );
  } else if (kind === 'openai-agents') {
    scope.myTools = GITHUB_MCP_TOOLS.map((entry) =>
      agentsTool({
        name: entry.name,
        description: entry.description ?? '',
        parameters: entry.inputSchema as never,
        strict: false,
        execute: async (args) => JSON.stringify(record(entry.name, args)),
      }),
    );
  } else scope.myTools = githubToolsIn(KIND_APIS[kind]);
  return ran;
}

/** What a loop did against its server: the requests it sent, and the calls your `runTool` (or `dispatch`) got. */
export interface DocLoopRun {
  readonly requests: LocalServer['requests'];
  readonly replies: number;
  readonly ran: [string, unknown][];
  /** The call the script's tool must see. */
  readonly expected: [string, unknown];
}

/**
 * Runs one block as a module written to `folder/file` (`export {}` appended), against a server that plays its kind's
 * API, with the SDKs' environment set for the run and restored after it.
 */
export async function runDocLoop(code: string, kind: DocLoopKind, folder: string, file: string): Promise<DocLoopRun> {
  const script = SCRIPTS[kind];
  const server = await startLocalServer((request, position): ScriptedResponse => {
    if (request.method !== 'POST' || request.path !== script.path) throw new Error(`unexpected ${request.method} ${request.path}`);
    return { body: scriptedAt(script.replies, position) };
  }, script);
  const restoreEnvironment = pointSDKsAt(server.url);
  try {
    const ran = provideGlobals(kind);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, file);
    writeFileSync(path, `${code}\nexport {};\n`);
    await import(/* @vite-ignore */ `${pathToFileURL(path).href}?run=${Date.now()}`);
    return { requests: server.requests, replies: script.replies.length, ran, expected: script.ran };
  } finally {
    await server.close();
    restoreEnvironment();
  }
}
