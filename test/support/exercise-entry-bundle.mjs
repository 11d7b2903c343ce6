// Runs one bundled entry of the package the way an app does, under `node --disallow-code-generation-from-strings`:
// `node exercise-entry-bundle.mjs <entry> <bundle file>`, the entry named as an app imports it (`tool-search/openai`).
// Before the bundle loads, `Function` and `eval` are replaced by traps that record every use, so even an attempt the
// code catches and swallows (zod's `new Function` probe, which a strict content security policy reports as a
// violation) is seen. Each scenario creates the entry's session object with twenty tools (one schema written in zod
// mini, which the package converts), searches for a deferred tool and calls it, so the search, the call check and the
// converter all run. Prints `ok <entry>`, or exits 1 saying what went wrong. Plain JavaScript, so the bundle runs with
// nothing in between (test/code-generation.test.ts writes the bundles and runs this).
import { pathToFileURL } from 'node:url';
import * as zm from 'zod/mini';

const [entry, file] = process.argv.slice(2);
const bundleURL = pathToFileURL(file).href;
/** Code generated from strings by the bundle itself; what other code does (the AI SDK's `ai`, a peer) is not counted. */
const attempts = [];
function record(attempt) {
  // The first frame outside this file is the caller.
  const caller = (new Error().stack ?? '')
    .split('\n')
    .slice(1)
    .find((line) => !line.includes(import.meta.url));
  if (caller?.includes(bundleURL)) attempts.push(`${attempt} ${caller.trim()}`);
}
const OriginalFunction = Function;
globalThis.Function = new Proxy(OriginalFunction, {
  apply(target, self, args) {
    record(`Function(${args.map((arg) => JSON.stringify(String(arg)).slice(0, 60)).join(', ')})`);
    return Reflect.apply(target, self, args);
  },
  construct(target, args) {
    record(`new Function(${args.map((arg) => JSON.stringify(String(arg)).slice(0, 60)).join(', ')})`);
    return Reflect.construct(target, args);
  },
});
// biome-ignore lint/security/noGlobalEval: the trap wraps eval to record its use; it adds no use of its own.
globalThis.eval = new Proxy(globalThis.eval, {
  apply(target, self, args) {
    record(`eval(${JSON.stringify(String(args[0])).slice(0, 60)})`);
    return Reflect.apply(target, self, args);
  },
});

const weather = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
/** Twenty tools, so every mechanism defers; `get_weather` is the one the scripted model finds and calls. */
const mcpTools = [
  { name: 'get_weather', description: 'Current weather for a city.', inputSchema: weather },
  ...Array.from({ length: 19 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}.`,
    inputSchema: { type: 'object', properties: {} },
  })),
];
/** A zod mini schema for one tool: zod mini has no Standard JSON Schema, so the package's converter writes it. */
const zodSchema = zm.object({ note: zm.string() });
const sessionId = 'session-1';
/** The tools the scenario ran, in order: each scenario must reach `get_weather` through a search and a checked call. */
const ran = [];
const runTool = async (name, args) => {
  ran.push(name);
  return JSON.stringify({ name, args });
};

const scenarios = {
  async 'tool-search'(m) {
    m.createToolDefinition({ name: 'write_note', description: 'Write a note.', schema: zodSchema });
    m.parseToolSearchConfig({ ref: 'tool_search', config: { threshold: 0, never_defer: ['get_weather'] } });
    const toolSearch = m.createToolSearch({ tools: mcpTools });
    const plan = toolSearch.resolvePlan({ id: 'gemini-2.5-flash', api: 'gemini' });
    await toolSearch.handleToolCall({ name: 'tool_search', arguments: { query: 'weather' } }, { sessionId, plan });
    const handling = await toolSearch.handleToolCall({ name: 'get_weather', arguments: { city: 'Paris' } }, { sessionId, plan });
    if (handling.type === 'run') ran.push(handling.name);
    await toolSearch.handleToolCall({ name: 'get_weather', arguments: { town: 'Paris' } }, { sessionId, plan });
  },
  async 'tool-search/openai'(m) {
    const tools = mcpTools.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false }));
    tools.push({ type: 'function', name: 'write_note', description: 'Write a note.', parameters: zodSchema, strict: false });
    const responses = m.createOpenAIResponsesToolSearch({ tools });
    const call = (name, args) => ({
      id: 'resp_1',
      object: 'response',
      status: 'completed',
      output: [{ type: 'function_call', id: `fc_${name}`, call_id: `call_${name}`, name, arguments: JSON.stringify(args), status: 'completed' }],
    });
    const request = await responses.prepare({ model: 'gpt-4.1', input: [{ role: 'user', content: 'Weather in Paris?' }] }, { sessionId });
    await request.handle(call('tool_search', { query: 'weather' }), runTool);
    await request.handle(call('get_weather', { city: 'Paris' }), runTool);
    const chat = m.createOpenAIChatToolSearch({
      tools: tools.map(({ type, name, description, parameters }) => ({ type, function: { name, description, parameters } })),
    });
    const chatRequest = await chat.prepare({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Weather in Paris?' }] }, { sessionId });
    const chatCall = (name, args) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
          },
        },
      ],
    });
    await chatRequest.handle(chatCall('tool_search', { query: 'weather' }), runTool);
    await chatRequest.handle(chatCall('get_weather', { city: 'Paris' }), runTool);
  },
  async 'tool-search/anthropic'(m) {
    const tools = mcpTools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
    tools.push({ name: 'write_note', description: 'Write a note.', input_schema: zodSchema });
    const messages = m.createAnthropicMessagesToolSearch({ tools, config: { mechanism: 'client' } });
    const request = await messages.prepare(
      { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: 'Weather in Paris?' }] },
      { sessionId },
    );
    const call = (name, input) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'tool_use', id: `toolu_${name}`, name, input }],
      stop_reason: 'tool_use',
    });
    await request.handle(call('tool_search', { query: 'weather' }), runTool);
    await request.handle(call('get_weather', { city: 'Paris' }), runTool);
  },
  async 'tool-search/gemini'(m) {
    const declarations = mcpTools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema }));
    declarations.push({ name: 'write_note', description: 'Write a note.', parametersJsonSchema: zodSchema });
    const gemini = m.createGeminiToolSearch({ tools: [{ functionDeclarations: declarations }] });
    const request = await gemini.prepare({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }] }, { sessionId });
    const call = (name, args) => ({
      candidates: [{ index: 0, finishReason: 'STOP', content: { role: 'model', parts: [{ functionCall: { id: `call_${name}`, name, args } }] } }],
    });
    await request.handle(call('tool_search', { query: 'weather' }), runTool);
    await request.handle(call('get_weather', { city: 'Paris' }), runTool);
  },
  async 'tool-search/bedrock'(m) {
    const tools = mcpTools.map((tool) => ({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema } } }));
    tools.push({ toolSpec: { name: 'write_note', description: 'Write a note.', inputSchema: { json: zodSchema } } });
    const bedrock = m.createBedrockConverseToolSearch({ tools });
    const request = await bedrock.prepare(
      { modelId: 'amazon.nova-pro-v1:0', messages: [{ role: 'user', content: [{ text: 'Weather in Paris?' }] }] },
      { sessionId },
    );
    const call = (name, input) => ({
      output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: `tooluse_${name}`, name, input } }] } },
      stopReason: 'tool_use',
    });
    await request.handle(call('tool_search', { query: 'weather' }), runTool);
    await request.handle(call('get_weather', { city: 'Paris' }), runTool);
  },
  async 'tool-search/ai-sdk'(m) {
    const { jsonSchema } = await import('ai');
    const tools = Object.fromEntries(
      mcpTools.map((tool) => [tool.name, { description: tool.description, inputSchema: jsonSchema(tool.inputSchema), execute: async (args) => args }]),
    );
    const settings = await m.createAISDKToolSearch({ tools }).prepare('openai/gpt-4.1', { sessionId });
    const found = await settings.tools.tool_search.execute({ query: 'weather' }, { toolCallId: 'call_1', messages: [] });
    ran.push(...found.tools.map((tool) => tool.name));
  },
  async 'tool-search/langchain'(m) {
    const { AIMessage, tool } = await import('langchain');
    const tools = mcpTools.map((entry) =>
      tool(async () => runTool(entry.name, {}), {
        name: entry.name,
        description: entry.description,
        schema: entry.inputSchema,
      }),
    );
    const middleware = m.createLangChainToolSearch({ tools });
    // The agent's model as the middleware reads it (a chat model class and its model id), and one model call.
    const model = { model: 'gpt-4.1', getName: () => 'ChatOpenAI', useResponsesApi: false };
    const systemMessage = { content: 'You are helpful.' };
    const called = await middleware.wrapModelCall(
      { model, tools, messages: [], systemMessage, runtime: {} },
      async () => new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'tool_search', args: { query: 'weather' }, type: 'tool_call' }] }),
    );
    const runtime = { configurable: { thread_id: sessionId } };
    const answer = await middleware.wrapToolCall({ toolCall: called.tool_calls[0], state: { messages: [called] }, runtime }, async () => undefined);
    const call = new AIMessage({
      content: '',
      tool_calls: [{ id: 'call_2', name: 'call_tool', args: { name: 'get_weather', arguments: { city: 'Paris' } }, type: 'tool_call' }],
      response_metadata: called.response_metadata,
    });
    await middleware.wrapToolCall({ toolCall: call.tool_calls[0], state: { messages: [called, answer, call] }, runtime }, (request) =>
      request.tool.invoke({ ...request.toolCall, type: 'tool_call' }),
    );
  },
  async 'tool-search/openai-agents'(m) {
    const { RunContext, tool } = await import('@openai/agents');
    const tools = mcpTools.map((entry) =>
      tool({
        name: entry.name,
        description: entry.description,
        parameters: entry.inputSchema,
        strict: false,
        execute: async () => runTool(entry.name, {}),
      }),
    );
    const settings = m.createOpenAIAgentsToolSearch({ tools }).prepare('gpt-4.1', { sessionId });
    const byName = (name) => settings.tools.find((entry) => entry.name === name);
    const context = new RunContext();
    await byName('tool_search').invoke(context, JSON.stringify({ query: 'weather' }));
    await byName('call_tool').invoke(context, JSON.stringify({ name: 'get_weather', arguments: { city: 'Paris' } }));
  },
};

const scenario = scenarios[entry];
if (scenario === undefined) throw new Error(`no scenario for the entry ${JSON.stringify(entry)}`);
await scenario(await import(bundleURL));
if (!ran.includes('get_weather')) {
  console.error(`${entry}: the scenario never reached get_weather (ran ${JSON.stringify(ran)})`);
  process.exit(1);
}
if (attempts.length > 0) {
  console.error(`${entry}: the bundle generated code from strings: ${attempts.join('; ')}`);
  process.exit(1);
}
console.log(`ok ${entry}`);
