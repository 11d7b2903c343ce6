/**
 * Native delivery on the Anthropic Messages API (`reveal: 'native'`) through the official clients against a local
 * server on 127.0.0.1 that plays the API: `@anthropic-ai/sdk`'s beta client (`client.beta.messages.create`) on the
 * Claude API (tools added by value), and `@aws-sdk/client-bedrock-runtime`'s InvokeModel on Amazon Bedrock (tools
 * added by reference). Every request is checked with the package's preflight (a violation is the 400 the API would
 * send, which fails the SDK call); the session runs as the README's loop, two user turns, the history replayed as the
 * client returned it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import type { BetaMessage, BetaMessageParam } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { createLargeCatalog } from '../../bench/quality/create-large-catalog.js';
import { createSampleArguments } from '../../bench/create-sample-arguments.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { parseAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import type { JSONSchemaObject } from '../../src/tools/tool-definition.js';
import { scriptedAt, startLocalServer, type LocalServer, type RecordedRequest } from '../support/local-server.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';
import { anthropicReply } from '../support/scripted-replies.js';
import { toAnthropicTool } from '../support/anthropic-messages-bodies.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const tools = GITHUB_MCP_TOOLS.map(toAnthropicTool);
const use = (id: string, name: string, input: unknown) => ({ type: 'tool_use', id, name, input });
const text = (value: string) => ({ type: 'text', text: value, citations: null });
/** The model: two user turns, each a search, the loaded tool called by its own name, and an answer. */
const SCRIPT = [
  anthropicReply([use('toolu_1', 'tool_search', { query: 'select:get_me' })], 'tool_use'),
  anthropicReply([use('toolu_2', 'get_me', {})], 'tool_use'),
  anthropicReply([text('You are octocat.')], 'end_turn'),
  anthropicReply([use('toolu_3', 'tool_search', { query: 'select:list_issues' })], 'tool_use'),
  anthropicReply([use('toolu_4', 'list_issues', { owner: 'octo', repo: 'hello' }), use('toolu_5', 'get_me', {})], 'tool_use'),
  anthropicReply([text('Two open issues.')], 'end_turn'),
];
const QUESTIONS = ['Who am I on GitHub?', 'And what issues does octo/hello have?'];

/**
 * The session loop of the README: prepare, send, handle, append, until done, for each question. Returns what ran and
 * the history before each request (what the request must replay).
 */
async function runSession(
  toolSearch: ReturnType<typeof createAnthropicMessagesToolSearch>,
  base: Record<string, unknown>,
  send: (body: Record<string, unknown>) => Promise<BetaMessage>,
) {
  const ran: [string, unknown][] = [];
  const messages: BetaMessageParam[] = [];
  const histories: string[] = [];
  for (const question of QUESTIONS) {
    messages.push({ role: 'user', content: question });
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ ...base, messages }, { sessionId: 'native' });
      histories.push(JSON.stringify(messages));
      const turn = await request.handle(await send(request.body as Record<string, unknown>), async (name, args) => {
        ran.push([name, args]);
        return { ok: true, tool: name };
      });
      messages.push(...(turn.messages as BetaMessageParam[]));
      done = turn.done;
    }
  }
  return { ran, histories, messages };
}

/** The system messages of a request's history, as sent. */
const systemMessages = (body: Record<string, unknown>) => (body.messages as { role: string }[]).filter((message) => message.role === 'system');

describe('native delivery on the Claude API, by value, through the SDK’s beta client', () => {
  /** The fake API: the betas come in the `anthropic-beta` header, which the API reads with the body. */
  async function startClaudeAPI(script: readonly unknown[]): Promise<Anthropic> {
    server = await startLocalServer((request, index) => {
      if (request.method !== 'POST' || request.path !== '/v1/messages') throw new Error(`unexpected ${request.method} ${request.path}`);
      const body = request.body as Record<string, unknown>;
      if ('betas' in body) throw new Error('`betas` reached the API in the JSON body; the beta client sends it as the anthropic-beta header');
      const betas = String(request.headers['anthropic-beta'] ?? '')
        .split(',')
        .filter((beta) => beta !== '');
      const preflight = preflightAnthropicMessagesRequest({ ...body, betas });
      if (!preflight.ok) throw new Error(preflight.violations.map((violation) => `${violation.path}: ${violation.message}`).join('; '));
      return { body: scriptedAt(script, index) };
    });
    return new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
  }
  const headerOf = (request: RecordedRequest) => request.headers['anthropic-beta'];

  it('searches, adds the loaded tool in a system message, calls it by its own name, over two user turns', async () => {
    const client = await startClaudeAPI(SCRIPT);
    const toolSearch = createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'client' } });
    const { ran, histories } = await runSession(toolSearch, { model: 'claude-opus-5', max_tokens: 1024 }, (body) =>
      client.beta.messages.create(body as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming),
    );
    const requests = (server as LocalServer).requests;
    const bodies = requests.map((request) => request.body as Record<string, unknown>);
    expect(bodies).toHaveLength(6);

    // The loaded tools are ordinary calls by their own names, run with their arguments.
    expect(ran).toEqual([
      ['get_me', {}],
      ['list_issues', { owner: 'octo', repo: 'hello' }],
      ['get_me', {}],
    ]);
    // The request carries tool_search only (no call_tool, no deferred tool), and tools + system are the same bytes throughout.
    expect((bodies[0]?.tools as { name: string }[]).map((tool) => tool.name)).toEqual(['tool_search']);
    for (const body of bodies) expect(JSON.stringify([body.tools, body.system])).toBe(JSON.stringify([bodies[0]?.tools, bodies[0]?.system]));
    // The beta reached the API as the header, on every request.
    for (const request of requests) expect(headerOf(request)).toBe('inline-tools-2026-09-15');
    // Each search's result is followed by one system message with the tool's definition, right after the tool_result turn.
    const adds = systemMessages(bodies[5] as Record<string, unknown>);
    expect(adds).toEqual([
      { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_definition', definition: tools.find((tool) => tool.name === 'get_me') } }] },
      {
        role: 'system',
        content: [{ type: 'tool_addition', tool: { type: 'tool_definition', definition: tools.find((tool) => tool.name === 'list_issues') } }],
      },
    ]);
    expect((bodies[1]?.messages as { role: string }[]).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'system']);
    // The history is replayed as the SDK returned it: each request's messages are the loop's history, byte for byte,
    // and every assistant turn is the reply's content as the server sent it.
    for (const [index, body] of bodies.entries()) expect(JSON.stringify(body.messages)).toBe(histories[index]);
    const assistants = (bodies[5]?.messages as { role: string; content: unknown }[]).filter((message) => message.role === 'assistant');
    expect(assistants.map((message) => JSON.stringify(message.content))).toEqual(SCRIPT.slice(0, 5).map((reply) => JSON.stringify(reply.content)));
  });

  it('runs a 20,000-tool catalog on claude-opus-5 whose first request is at most 1% of the hosted request for 10,000 tools', async () => {
    const catalog = createLargeCatalog(20_000).map(toAnthropicTool);
    const target = catalog.find((tool) => tool.name.startsWith('srv15__') && tool.name.endsWith('get_me')) ?? (catalog.at(-1) as (typeof catalog)[number]);
    const args = createSampleArguments(target.input_schema as JSONSchemaObject);
    const client = await startClaudeAPI([
      anthropicReply([use('toolu_1', 'tool_search', { query: `select:${target.name}` })], 'tool_use'),
      anthropicReply([use('toolu_2', target.name, args)], 'tool_use'),
      anthropicReply([text('Done.')], 'end_turn'),
    ]);
    const toolSearch = createAnthropicMessagesToolSearch({ tools: catalog, config: { mechanism: 'client' } });
    const messages: BetaMessageParam[] = [{ role: 'user', content: 'Who am I?' }];
    const ran: string[] = [];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'claude-opus-5', max_tokens: 1024, messages }, { sessionId: 'large' });
      expect([request.plan.reveal, request.plan.additions]).toEqual(['native', 'value']);
      const message = await client.beta.messages.create(request.body as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming);
      const turn = await request.handle(message, async (name) => {
        ran.push(name);
        return 'ok';
      });
      messages.push(...(turn.messages as BetaMessageParam[]));
      done = turn.done;
    }
    expect(ran).toEqual([target.name]);

    // The hosted request for the 10,000-tool catalog: every tool sent deferred with its full definition.
    const tenThousand = catalog.slice(0, 10_000);
    const hostedBody = { model: 'claude-opus-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Who am I?' }], tools: tenThousand };
    const hostedPlan = resolveToolSearch({ id: 'claude-opus-5', api: 'anthropic-messages' }, parseAnthropicMessagesTools(hostedBody), { mechanism: 'claude' });
    const hosted = JSON.stringify(transformAnthropicMessagesRequest(hostedBody, hostedPlan).body).length;
    const first = JSON.stringify((server as LocalServer).requests[0]?.body).length;
    expect(first).toBeLessThanOrEqual(hosted / 100);
  }, 120_000);
});

// Issue 24 item 1: with every default, `auto` chose hosted search, and the transformer refused past 10,000 tools.
describe('with every default, 20,000 tools on claude-opus-5', () => {
  it('prepares requests the preflight accepts and runs a multi-turn session through the SDK’s beta client', async () => {
    const catalog = createLargeCatalog(20_000).map(toAnthropicTool);
    const first = catalog[19_999] as (typeof catalog)[number];
    const second = catalog[12_345] as (typeof catalog)[number];
    const use = (id: string, name: string, input: unknown) => ({ type: 'tool_use', id, name, input });
    const script = [
      anthropicReply([use('toolu_1', 'tool_search', { query: `select:${first.name}` })], 'tool_use'),
      anthropicReply([use('toolu_2', first.name, createSampleArguments(first.input_schema as JSONSchemaObject))], 'tool_use'),
      anthropicReply([text('You are octocat.')], 'end_turn'),
      anthropicReply([use('toolu_3', 'tool_search', { query: `select:${second.name}` })], 'tool_use'),
      anthropicReply([use('toolu_4', second.name, createSampleArguments(second.input_schema as JSONSchemaObject))], 'tool_use'),
      anthropicReply([text('Two open issues.')], 'end_turn'),
    ];
    server = await startLocalServer((request, index) => {
      const body = request.body as Record<string, unknown>;
      const betas = String(request.headers['anthropic-beta'] ?? '')
        .split(',')
        .filter((beta) => beta !== '');
      const preflight = preflightAnthropicMessagesRequest({ ...body, betas });
      if (!preflight.ok) throw new Error(preflight.violations.map((violation) => `${violation.path}: ${violation.message}`).join('; '));
      return { body: scriptedAt(script, index) };
    });
    const client = new Anthropic({ baseURL: server.url, apiKey: 'test', maxRetries: 0 });
    const toolSearch = createAnthropicMessagesToolSearch({ tools: catalog });
    const { ran } = await runSession(toolSearch, { model: 'claude-opus-5', max_tokens: 1024 }, (body) =>
      client.beta.messages.create(body as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming),
    );
    expect(ran.map(([name]) => name)).toEqual([first.name, second.name]);
    const request = await toolSearch.prepare({ model: 'claude-opus-5', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] }, { sessionId: 'x' });
    expect([request.plan.mechanism, request.plan.reveal, request.plan.additions]).toEqual(['client', 'native', 'value']);
    expect(request.warnings.map((warning) => warning.code)).toContain('hosted-search-too-large');
    const bodies = (server as LocalServer).requests.map((recorded) => recorded.body as Record<string, unknown>);
    expect(bodies).toHaveLength(6);
    for (const body of bodies) expect(JSON.stringify([body.tools, body.system])).toBe(JSON.stringify([bodies[0]?.tools, bodies[0]?.system]));
    // The request does not grow with the catalog: only the tools the first message predicts (issue 27) are written.
    expect(JSON.stringify({ ...bodies[0], messages: [] }).length).toBeLessThan(2_000);
  }, 120_000);
});

describe('native delivery on Amazon Bedrock, by reference, through InvokeModel', () => {
  const MODEL = 'us.anthropic.claude-opus-5-v1:0';

  it('declares every deferred tool, adds the loaded tool by reference, and keeps both betas in anthropic_beta', async () => {
    server = await startLocalServer(
      (request, index) => {
        if (request.method !== 'POST' || request.path !== `/model/${encodeURIComponent(MODEL)}/invoke`) throw new Error(`unexpected ${request.path}`);
        const preflight = preflightAnthropicMessagesRequest(request.body, { model: { id: MODEL, platform: 'bedrock' } });
        if (!preflight.ok) throw new Error(preflight.violations.map((violation) => `${violation.path}: ${violation.message}`).join('; '));
        return { body: scriptedAt(SCRIPT, index) };
      },
      { http2: true },
    );
    const client = new BedrockRuntimeClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    });
    const toolSearch = createAnthropicMessagesToolSearch({ tools, model: MODEL, config: { mechanism: 'client', reveal: 'native' } });
    const { ran, histories } = await runSession(toolSearch, { anthropic_version: 'bedrock-2023-05-31', max_tokens: 1024 }, async (body) => {
      const output = await client.send(new InvokeModelCommand({ modelId: MODEL, contentType: 'application/json', body: JSON.stringify(body) }));
      return JSON.parse(new TextDecoder().decode(output.body)) as BetaMessage;
    });
    const bodies = (server as LocalServer).requests.map((request) => request.body as Record<string, unknown>);
    expect(ran.map(([name]) => name)).toEqual(['get_me', 'list_issues', 'get_me']);
    for (const body of bodies) {
      expect(body.anthropic_beta).toEqual(['tool-search-tool-2025-10-19', 'mid-conversation-tool-changes-2026-07-01']);
      expect(JSON.stringify(body.tools)).toBe(JSON.stringify(bodies[0]?.tools));
    }
    const sent = bodies[0]?.tools as { name: string; defer_loading?: boolean }[];
    expect(sent[0]?.name).toBe('tool_search');
    expect(sent.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(sent).toHaveLength(tools.length + 1);
    expect(systemMessages(bodies[5] as Record<string, unknown>)).toEqual([
      { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'get_me' } }] },
      { role: 'system', content: [{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'list_issues' } }] },
    ]);
    for (const [index, body] of bodies.entries()) expect(JSON.stringify(body.messages)).toBe(histories[index]);
  });
});
