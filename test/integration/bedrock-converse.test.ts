/**
 * Amazon Bedrock Converse through the official `@aws-sdk/client-bedrock-runtime`: a `BedrockRuntimeClient` (custom
 * endpoint, static test credentials, the SDK's default HTTP/2 handler) sends `ConverseCommand`s to a local server on
 * 127.0.0.1 that plays the API. The server checks every request the SDK actually sent against the Converse preflight
 * rules (a violation is the `ValidationException` the API would send, which fails the SDK call and the test) and
 * answers with scripted model turns. The loop is the README's: `createBedrockConverseToolSearch`, `prepare`, `handle`,
 * and the SDK's output appended to the history as it came back.
 */
import { BedrockRuntimeClient, ConverseCommand, type Message, type SystemContentBlock, type Tool } from '@aws-sdk/client-bedrock-runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createBedrockConverseToolSearch } from '../../src/providers/bedrock/index.js';
import { preflightBedrockConverseRequest } from '../support/preflight/preflight-bedrock-converse-request.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { SESSION_CATALOG } from '../support/agent-loop-apis.js';
import { toBedrockConverseTool } from '../support/bedrock-converse-bodies.js';
import { scriptedAt, startCheckedServer, type LocalServer } from '../support/local-server.js';
import { bedrockConverseReplyOf } from '../support/scripted-model-apis.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Item = Record<string, unknown>;
const CACHE_POINT = { cachePoint: { type: 'default' as const } };
const drinkArgs = { drink_id: 'latte', new_preferences: { size: 'large', temperature: 'hot' } };
const use = (id: string, name: string, input: unknown) => ({ toolUse: { toolUseId: id, name, input } });

/**
 * Runs a session of two user turns against the scripted model, as the README's loop does, and returns what the server
 * received, what ran, and the history after each request was prepared (what the next request must replay).
 */
async function runSession(options: { modelId: string; tools: Tool[]; system: SystemContentBlock[]; script: readonly unknown[][] }) {
  server = await startCheckedServer(
    `/model/${encodeURIComponent(options.modelId)}/converse`,
    preflightBedrockConverseRequest,
    (_, index) => ({ body: bedrockConverseReplyOf(scriptedAt(options.script, index)) }),
    { http2: true },
  );
  const client = new BedrockRuntimeClient({
    endpoint: server.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  // The model's own searches: the prediction step is tested on its own (test/integration/predicted-loads.test.ts).
  const toolSearch = createBedrockConverseToolSearch({ tools: options.tools, config: { predict: 'off' } });
  const ran: [string, unknown][] = [];
  const runTool = async (name: string, args: unknown) => {
    ran.push([name, args]);
    return { status: 'done', tool: name };
  };
  const messages: Message[] = [];
  const histories: string[] = [];
  const returned: unknown[] = [];
  for (const question of ['Make my latte large and hot.', 'And where is order 42?']) {
    messages.push({ role: 'user', content: [{ text: question }] });
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ modelId: options.modelId, system: options.system, messages }, { sessionId: 'session-1' });
      histories.push(JSON.stringify(messages));
      const response = await client.send(new ConverseCommand(request.body));
      returned.push(response.output?.message);
      const turn = await request.handle(response, runTool);
      messages.push(...turn.messages);
      done = turn.done;
    }
  }
  return { requests: server.requests.map((request) => request.body as Item), ran, messages, histories, returned };
}

describe('Amazon Bedrock Converse through the AWS SDK', () => {
  it('runs search, the loaded tool through call_tool, an answer and a second turn, replaying the history as the SDK returned it', async () => {
    const session = await runSession({
      modelId: 'us.amazon.nova-pro-v1:0',
      tools: SESSION_CATALOG.map(toBedrockConverseTool) as Tool[],
      system: [{ text: 'You are a barista assistant.' }],
      script: [
        [use('tooluse_1', 'tool_search', { query: 'change my drink order' })],
        [use('tooluse_2', 'call_tool', { name: 'ChaDri_change_drink', arguments: drinkArgs })],
        [{ text: 'Your latte is now large and hot.' }],
        [use('tooluse_3', 'call_tool', { name: 'orders_get_status', arguments: { order_id: '42' } })],
        [{ text: 'Order 42 is on its way.' }],
      ],
    });
    const { requests } = session;
    expect(requests).toHaveLength(5);
    // The tool list and the system are the same bytes on every request: the prompt cache's prefix holds.
    for (const request of requests)
      expect(JSON.stringify([request.toolConfig, request.system])).toBe(JSON.stringify([requests[0]?.toolConfig, requests[0]?.system]));
    const first = requests[0] as { toolConfig: { tools: { toolSpec: { name: string } }[] } };
    const tools = first.toolConfig.tools;
    expect(tools.map((tool) => tool.toolSpec.name)).toEqual(['tool_search', 'call_tool']);
    expect(JSON.stringify(requests[0]?.system)).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 60));
    expect(JSON.stringify(requests[0]?.system)).toContain('ChaDri_change_drink');

    // Each request carries the history exactly as the caller held it: the SDK's messages, unchanged.
    for (const [index, request] of requests.entries()) expect(JSON.stringify(request.messages)).toBe(session.histories[index]);
    const assistant = session.messages.filter((message) => message.role === 'assistant');
    expect(assistant).toHaveLength(5);
    for (const [index, message] of assistant.entries()) expect(message).toBe(session.returned[index]);

    // The search answered with the schema, under the name the model sees; the caller's tools ran with their own names.
    const historyOf = (index: number) => (requests[index] as { messages: Message[] }).messages;
    const results = historyOf(1).at(-1)?.content ?? [];
    const found = JSON.parse(String(results[0]?.toolResult?.content?.[0]?.text)) as Item;
    expect(found).toMatchObject({ status: 'found', tools: expect.arrayContaining([expect.objectContaining({ name: 'ChaDri_change_drink' })]) });
    expect(session.ran).toEqual([
      ['ChaDri.change_drink', drinkArgs],
      ['orders:get_status', { order_id: '42' }],
    ]);
    expect(historyOf(2).at(-1)?.content?.[0]?.toolResult).toEqual({
      toolUseId: 'tooluse_2',
      content: [{ text: '{"status":"done","tool":"ChaDri.change_drink"}' }],
    });
    expect(session.messages.at(-1)?.content).toEqual([{ text: 'Order 42 is on its way.' }]);
  });

  it('keeps the caller’s cache checkpoints where they cache the same prefix on every request (Claude on Converse)', async () => {
    const session = await runSession({
      modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      tools: [...SESSION_CATALOG.map(toBedrockConverseTool), CACHE_POINT] as Tool[],
      system: [{ text: 'You are a barista assistant.' }, CACHE_POINT],
      script: [
        [use('tooluse_1', 'tool_search', { query: 'order status' })],
        [use('tooluse_2', 'call_tool', { name: 'orders_get_status', arguments: { order_id: '7' } })],
        [{ text: 'Order 7 is ready.' }],
        [{ text: 'Anything else?' }],
      ],
    });
    expect(session.requests).toHaveLength(4);
    for (const request of session.requests) {
      const tools = (request.toolConfig as { tools: Item[] }).tools;
      expect(tools.at(-1)).toEqual(CACHE_POINT);
      expect(tools.filter((tool) => tool.cachePoint !== undefined)).toHaveLength(1);
      const system = request.system as Item[];
      expect(system).toHaveLength(3);
      expect(system.at(-1)).toEqual(CACHE_POINT);
      expect(String(system[1]?.text)).toContain(TOOL_SEARCH_GUIDANCE.slice(0, 60));
      expect(JSON.stringify([request.toolConfig, request.system])).toBe(JSON.stringify([session.requests[0]?.toolConfig, session.requests[0]?.system]));
    }
    expect(session.ran).toEqual([['orders:get_status', { order_id: '7' }]]);
  });

  it('fails the SDK call when a request breaks a preflight rule', async () => {
    server = await startCheckedServer(
      '/model/amazon.nova-pro-v1%3A0/converse',
      preflightBedrockConverseRequest,
      () => ({ body: bedrockConverseReplyOf([{ text: 'hi' }]) }),
      {
        http2: true,
      },
    );
    const client = new BedrockRuntimeClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    });
    const input = {
      modelId: 'amazon.nova-pro-v1:0',
      messages: [{ role: 'user' as const, content: [{ text: 'hi' }] }],
      toolConfig: { tools: SESSION_CATALOG.map(toBedrockConverseTool) as Tool[] },
    };
    await expect(client.send(new ConverseCommand(input))).rejects.toThrow(/invalid-tool-name/);
  });
});
