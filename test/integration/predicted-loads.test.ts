/**
 * The prediction step through each official SDK, with the session API's loop as the README quick starts show it,
 * against a local server on 127.0.0.1 that plays the API over GitHub's 117 MCP tools (every request checked against the
 * API's preflight rules: a violation is the 400 the API would send). The user's message names what the turn needs, so
 * the first request already carries the tools the model calls: the package's `tool_search` call and its answer after
 * the user's message (or the API's tool addition under native delivery, or the hosted search's own items), and the
 * turn takes two requests instead of four. The turn's history holds the predicted items where the request did, so the
 * next request repeats the first one's prefix byte for byte.
 */
import { createSDKSender } from '../support/create-sdk-sender.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolSearchConfigInput, WireAPI } from '../../src/index.js';
import {
  createOpenAIChatToolSearch,
  createOpenAIChatTools,
  createOpenAIResponsesToolSearch,
  createOpenAIResponsesTools,
} from '../../src/providers/openai/index.js';
import { createAnthropicMessagesToolSearch, createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { createGeminiFunctionDeclarations, createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { createBedrockConverseToolSearch, createBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';
import { scriptedAt, startLocalServer, type LocalServer, type RecordedRequest } from '../support/local-server.js';
import { SCRIPTED_MODEL_APIS, type ScriptedTurn } from '../support/scripted-model-apis.js';

type Item = Record<string, unknown>;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One session of one API: its factory over GitHub's tools, how a body is written and sent, and where its history is. */
interface PredictionCase {
  readonly label: string;
  readonly api: WireAPI;
  readonly model: string;
  readonly config: ToolSearchConfigInput;
  /** What the first request's predicted items are, by their kind (`type`, or the role and the first block's type). */
  readonly items: readonly string[];
  /** The scripted model's call of the predicted tool (through `call_tool` where the listing leaves deferred tools out). */
  readonly call: { readonly name: string; readonly args: Record<string, unknown> };
}

const ARGS = { query: 'tool search' };
const DIRECT = { name: 'search_repositories', args: ARGS };
const THROUGH_CALL_TOOL = { name: 'call_tool', args: { name: 'search_repositories', arguments: ARGS } };
const MESSAGE = 'Find repositories about tool search.';

const CASES: readonly PredictionCase[] = [
  {
    label: 'OpenAI’s hosted search with the library’s ranking (Responses, gpt-5.4)',
    api: 'openai-responses',
    model: 'gpt-5.4',
    config: {},
    items: ['tool_search_call', 'tool_search_output'],
    call: DIRECT,
  },
  {
    label: 'native delivery (Responses, gpt-5.4, client mechanism)',
    api: 'openai-responses',
    model: 'gpt-5.4',
    config: { mechanism: 'client' },
    items: ['additional_tools'],
    call: DIRECT,
  },
  {
    label: 'schemas in the conversation (Responses, gpt-4.1)',
    api: 'openai-responses',
    model: 'gpt-4.1',
    config: {},
    items: ['function_call', 'function_call_output'],
    call: THROUGH_CALL_TOOL,
  },
  { label: 'Chat Completions (gpt-4.1)', api: 'openai-chat', model: 'gpt-4.1', config: {}, items: ['assistant', 'tool'], call: THROUGH_CALL_TOOL },
  {
    label: 'Anthropic’s hosted search with the library’s ranking (Messages, claude-sonnet-4-5)',
    api: 'anthropic-messages',
    model: 'claude-sonnet-4-5',
    config: {},
    items: ['assistant:tool_use', 'user:tool_result'],
    call: DIRECT,
  },
  {
    label: 'native delivery by value (Messages, claude-opus-5, client mechanism)',
    api: 'anthropic-messages',
    model: 'claude-opus-5',
    config: { mechanism: 'client' },
    items: ['system:tool_addition'],
    call: DIRECT,
  },
  {
    label: 'schemas in the conversation (Messages, claude-3-7-sonnet-latest)',
    api: 'anthropic-messages',
    model: 'claude-3-7-sonnet-latest',
    config: {},
    items: ['assistant:tool_use', 'user:tool_result'],
    call: THROUGH_CALL_TOOL,
  },
  { label: 'Gemini (gemini-2.5-flash)', api: 'gemini', model: 'gemini-2.5-flash', config: {}, items: ['model', 'user'], call: THROUGH_CALL_TOOL },
  {
    label: 'Bedrock Converse (Claude Sonnet 4.5)',
    api: 'bedrock-converse',
    model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    config: {},
    items: ['assistant', 'user'],
    call: THROUGH_CALL_TOOL,
  },
];

/** The session factory of an API over GitHub's tools, typed loosely: the test drives every API alike. */
/** What the test uses of every API's session: its five factories' `prepare` and `handle`, read through one shape. */
interface PreparingSession {
  prepare(
    body: Item,
    options: { readonly sessionId: string },
  ): Promise<{ readonly body: unknown; handle(reply: unknown, runTool: (name: string, args: unknown) => Promise<unknown>): Promise<unknown> }>;
}

function createSession(api: WireAPI, config: ToolSearchConfigInput): PreparingSession {
  return createAnySession(api, config) as unknown as PreparingSession;
}

function createAnySession(api: WireAPI, config: ToolSearchConfigInput) {
  const options = { config };
  switch (api) {
    case 'openai-responses':
      return createOpenAIResponsesToolSearch({ tools: createOpenAIResponsesTools(GITHUB_MCP_TOOLS), ...options });
    case 'openai-chat':
      return createOpenAIChatToolSearch({ tools: createOpenAIChatTools(GITHUB_MCP_TOOLS), ...options });
    case 'anthropic-messages':
      return createAnthropicMessagesToolSearch({ tools: createAnthropicMessagesTools(GITHUB_MCP_TOOLS), ...options });
    case 'gemini':
      return createGeminiToolSearch({ tools: [{ functionDeclarations: createGeminiFunctionDeclarations(GITHUB_MCP_TOOLS) }], ...options });
    case 'bedrock-converse':
      return createBedrockConverseToolSearch({ tools: createBedrockConverseTools(GITHUB_MCP_TOOLS), ...options });
  }
}

/** A first request's body with the user's message, the history field its turns extend, and its list in a turn. */
function startBody(api: WireAPI, model: string): { body: Item; history: string } {
  switch (api) {
    case 'openai-responses':
      return { body: { model, store: false, instructions: 'You are helpful.', input: [{ role: 'user', content: MESSAGE }] }, history: 'input' };
    case 'openai-chat':
      return {
        body: {
          model,
          messages: [
            { role: 'system', content: 'You are helpful.' },
            { role: 'user', content: MESSAGE },
          ],
        },
        history: 'messages',
      };
    case 'anthropic-messages':
      return { body: { model, max_tokens: 1024, system: 'You are helpful.', messages: [{ role: 'user', content: MESSAGE }] }, history: 'messages' };
    case 'gemini':
      return {
        body: { model, contents: [{ role: 'user', parts: [{ text: MESSAGE }] }], config: { systemInstruction: 'You are helpful.' } },
        history: 'contents',
      };
    case 'bedrock-converse':
      return {
        body: { modelId: model, system: [{ text: 'You are helpful.' }], messages: [{ role: 'user', content: [{ text: MESSAGE }] }] },
        history: 'messages',
      };
  }
}

/** An item's kind for the assertions: its `type`, else its role (and its first block's type where it has blocks of types). */
function kindOf(item: unknown): string {
  const record = item as Item;
  if (typeof record.type === 'string') return record.type;
  const first = Array.isArray(record.content) ? (record.content[0] as Item | undefined) : undefined;
  return typeof first?.type === 'string' ? `${String(record.role)}:${first.type}` : String(record.role);
}

/** A Messages body as the API reads it: the beta client sends `betas` as the `anthropic-beta` header. */
function withBetaHeader(request: RecordedRequest): unknown {
  const header = request.headers['anthropic-beta'];
  if (header === undefined) return request.body;
  return {
    ...(request.body as Item),
    betas: String(header)
      .split(',')
      .filter((beta) => beta !== ''),
  };
}

/** The history list of a body as the server received it (Gemini's SDK sends `contents` at the top level). */
const historyOf = (body: Item, field: string): unknown[] => (body[field] ?? []) as unknown[];

describe('the prediction step through the session API', () => {
  it.each(CASES)('loads what the message names before the model asks: $label', async ({ api, model, config, items, call }) => {
    const scripted = SCRIPTED_MODEL_APIS[api];
    const turns: ScriptedTurn[] = [{ calls: [call] }, { text: 'Found 3 repositories.' }];
    server = await startLocalServer((request, index) => {
      if (request.method !== 'POST' || request.path !== scripted.path(model)) throw new Error(`unexpected request ${request.method} ${request.path}`);
      const checked = scripted.preflight(withBetaHeader(request));
      if (!checked.ok) throw new Error(`the request breaks documented rules: ${JSON.stringify(checked.violations)}`);
      return { body: scripted.reply(scriptedAt(turns, index), { index, model, request: request.body as Item }) };
    }, scripted.server);
    const send = createSDKSender(api, server.url);
    const session = createSession(api, config);
    const { body, history } = startBody(api, model);
    const ran: [string, unknown][] = [];
    const runTool = async (name: string, args: unknown) => {
      ran.push([name, args]);
      return { ok: true };
    };
    const prepared: Item[] = [];
    const turnsAppended: unknown[][] = [];
    for (let done = false; !done; ) {
      const request = await session.prepare(body, { sessionId: 'session-1' });
      prepared.push(request.body as Item);
      const turn = (await request.handle(await send(request.body as Item), runTool)) as Item & { done: boolean };
      const appended = turn[history] as unknown[];
      turnsAppended.push(appended);
      (body[history] as unknown[]).push(...appended);
      done = turn.done;
    }

    // No search round trip: the model called the predicted tool on the first request.
    const sent = server.requests.map((request) => request.body as Item);
    expect(sent).toHaveLength(2);
    expect(ran).toEqual([['search_repositories', ARGS]]);
    const field = api === 'gemini' ? 'contents' : history;
    const first = historyOf(sent[0] as Item, field);
    expect(first.slice(-items.length).map(kindOf)).toEqual(items);
    // The turn's history starts with the predicted items, so the next request repeats the first one byte for byte.
    const preparedFirst = historyOf(prepared[0] as Item, api === 'gemini' ? 'contents' : history);
    expect(JSON.stringify(turnsAppended[0]?.slice(0, items.length))).toBe(JSON.stringify(preparedFirst.slice(-items.length)));
    expect(JSON.stringify(historyOf(sent[1] as Item, field).slice(0, first.length))).toBe(JSON.stringify(first));
    expect(JSON.stringify([scripted.toolsOf(sent[1] as Item), scripted.systemOf(sent[1] as Item)])).toBe(
      JSON.stringify([scripted.toolsOf(sent[0] as Item), scripted.systemOf(sent[0] as Item)]),
    );
    // Prediction off sends today's first request: the same body without the predicted items.
    const off = await createSession(api, { ...(config as object), predict: 'off' }).prepare(startBody(api, model).body, { sessionId: 'session-2' });
    const offBody = off.body as Item;
    const offField = (api === 'gemini' ? offBody.contents : offBody[history]) as unknown[];
    const onField = historyOf(prepared[0] as Item, api === 'gemini' ? 'contents' : history);
    expect(JSON.stringify(offField)).toBe(JSON.stringify(onField.slice(0, onField.length - items.length)));
    expect(JSON.stringify({ ...offBody, [api === 'gemini' ? 'contents' : history]: null })).toBe(
      JSON.stringify({ ...(prepared[0] as Item), [api === 'gemini' ? 'contents' : history]: null }),
    );
  });
});
