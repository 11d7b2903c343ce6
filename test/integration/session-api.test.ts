/**
 * The session API (one factory per wire API) in the loop a README quick start shows, through each official SDK against
 * a local server on 127.0.0.1 that plays the API over GitHub's 117 MCP tools: every request is checked against the
 * API's preflight rules (a violation is the 400 the API would send, which fails the SDK call) and against what the
 * plan says it must carry; the caller's tools run through `runTool` with their own names and checked arguments.
 */
import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type Content } from '@google/genai';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { createOpenAIChatToolSearch, createOpenAIResponsesToolSearch } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from '../support/preflight/preflight-openai-chat-request.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/index.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { createGeminiToolSearch } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';
import type { PreflightResult } from '../support/preflight/preflight-result.js';
import { startScriptedServer, type LocalServer, type RecordedRequest } from '../support/local-server.js';
import { GITHUB_MCP_TOOLS } from '../support/github-mcp-tools.js';
import { anthropicReply, chatReply, geminiReply, responsesReply } from '../support/scripted-replies.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Starts the fake API: each request must pass the preflight rules and is answered with the next scripted body. */
async function startFakeAPI(path: string, preflight: (body: unknown) => PreflightResult, replies: readonly unknown[]): Promise<LocalServer> {
  server = await startScriptedServer(path, preflight, replies);
  return server;
}

/** The caller's tools: every call is recorded, and answered with a small JSON result. */
function recordingRunTool() {
  const ran: [string, unknown][] = [];
  const runTool = async (name: string, args: unknown) => {
    ran.push([name, args]);
    return { ok: true, tool: name };
  };
  return { ran, runTool };
}

const bodies = (requests: readonly RecordedRequest[]) => requests.map((request) => request.body as Record<string, unknown>);
const sessionId = 'session-1';

describe('the session API', () => {
  it('runs OpenAI’s hosted search with the library’s ranking on gpt-5.4 (Responses)', async () => {
    const tools = GITHUB_MCP_TOOLS.map((tool) => ({
      type: 'function' as const,
      name: tool.name,
      description: tool.description ?? null,
      parameters: tool.inputSchema,
      strict: false,
    }));
    const fake = await startFakeAPI('/responses', preflightOpenAIResponsesRequest, [
      responsesReply(1, [
        { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_ts1', execution: 'client', status: 'completed', arguments: { query: 'list_issues' } },
      ]),
      responsesReply(2, [
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'list_issues', arguments: '{"owner":"octo","repo":"hello"}', status: 'completed' },
      ]),
      responsesReply(3, [
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Two open issues.', annotations: [] }] },
      ]),
    ]);
    const openai = new OpenAI({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const { ran, runTool } = recordingRunTool();

    // The quick start's loop; the model's own search, so no tool is predicted first (issue 27's step is tested apart).
    const toolSearch = createOpenAIResponsesToolSearch({ tools, config: { predict: 'off' } });
    const input: ResponseInputItem[] = [{ role: 'user', content: 'Which issues are open in octo/hello?' }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'gpt-5.4', store: false, instructions: 'You are helpful.', input }, { sessionId });
      const turn = await request.handle(await openai.responses.create(request.body), runTool);
      input.push(...turn.input);
      done = turn.done;
    }

    const sent = bodies(fake.requests);
    expect(sent).toHaveLength(3);
    // Tools and instructions are byte-identical on every request; no deferred function is in `tools`.
    for (const body of sent) {
      expect(JSON.stringify(body.tools)).toBe(JSON.stringify(sent[0]?.tools));
      expect(body.instructions).toBe(sent[0]?.instructions);
    }
    expect(sent[0]?.tools).toEqual([expect.objectContaining({ type: 'tool_search', execution: 'client' })]);
    expect(String(sent[0]?.instructions)).toContain(TOOL_SEARCH_GUIDANCE);
    expect(String(sent[0]?.instructions)).toContain('list_issues');
    // The client-executed search was answered with a tool_search_output that loads the tool.
    const output = (sent[1]?.input as Record<string, unknown>[]).find((item) => item.type === 'tool_search_output');
    expect(output).toMatchObject({ call_id: 'call_ts1', execution: 'client', tools: [{ type: 'function', name: 'list_issues', defer_loading: true }] });
    expect(ran).toEqual([['list_issues', { owner: 'octo', repo: 'hello' }]]);
    expect((sent[2]?.input as Record<string, unknown>[]).at(-1)).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: '{"ok":true,"tool":"list_issues"}',
    });
  });

  it('runs the client-side search with call_tool and answers a blind call on gpt-4.1 (Chat Completions)', async () => {
    const tools = GITHUB_MCP_TOOLS.map((tool) => ({
      type: 'function' as const,
      function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema },
    }));
    const fake = await startFakeAPI('/chat/completions', preflightOpenAIChatRequest, [
      chatReply(1, [['call_1', 'tool_search', { query: 'create_issue' }]]),
      chatReply(2, [['call_2', 'call_tool', { name: 'create_issue', arguments: { owner: 'octo', repo: 'hello', title: 'Bug' } }]]),
      chatReply(3, [['call_3', 'create_branch', {}]]),
      chatReply(4, []),
    ]);
    const openai = new OpenAI({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const { ran, runTool } = recordingRunTool();

    const toolSearch = createOpenAIChatToolSearch({ tools });
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'File a bug in octo/hello.' },
    ];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'gpt-4.1', messages }, { sessionId });
      const turn = await request.handle(await openai.chat.completions.create(request.body), runTool);
      messages.push(...turn.messages);
      done = turn.done;
    }

    const sent = bodies(fake.requests);
    expect(sent).toHaveLength(4);
    for (const body of sent)
      expect(JSON.stringify([body.tools, (body.messages as unknown[])[0]])).toBe(JSON.stringify([sent[0]?.tools, (sent[0]?.messages as unknown[])[0]]));
    expect((sent[0]?.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual(['tool_search', 'call_tool']);
    expect(ran).toEqual([['create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }]]);
    const answers = (sent[3]?.messages as { role: string; tool_call_id?: string; content?: string }[]).filter((message) => message.role === 'tool');
    expect(JSON.parse(answers[0]?.content ?? '')).toMatchObject({ status: 'found', tools: [{ name: 'create_issue' }] });
    expect(answers[1]).toEqual({ role: 'tool', tool_call_id: 'call_2', content: '{"ok":true,"tool":"create_issue"}' });
    expect(JSON.parse(answers[2]?.content ?? '')).toMatchObject({ status: 'invalid-arguments', tool: 'create_branch', tools: [{ name: 'create_branch' }] });
  });

  it('runs Anthropic’s hosted search with the library’s ranking on claude-opus-4-8 (Messages)', async () => {
    const tools = GITHUB_MCP_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description ?? '',
      input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
    }));
    const fake = await startFakeAPI('/v1/messages', preflightAnthropicMessagesRequest, [
      anthropicReply([{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'get_file_contents' } }], 'tool_use'),
      anthropicReply([{ type: 'tool_use', id: 'toolu_2', name: 'get_file_contents', input: { owner: 'octo', repo: 'hello', path: 'README.md' } }], 'tool_use'),
      anthropicReply([{ type: 'text', text: 'It says hello.', citations: null }], 'end_turn'),
    ]);
    const anthropic = new Anthropic({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 });
    const { ran, runTool } = recordingRunTool();

    const toolSearch = createAnthropicMessagesToolSearch({ tools });
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'What does the README of octo/hello say?' }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'claude-opus-4-8', max_tokens: 1024, system: 'You are helpful.', messages }, { sessionId });
      const turn = await request.handle(await anthropic.messages.create(request.body), runTool);
      messages.push(...turn.messages);
      done = turn.done;
    }

    const sent = bodies(fake.requests);
    expect(sent).toHaveLength(3);
    for (const body of sent) expect(JSON.stringify([body.tools, body.system])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.system]));
    const sentTools = sent[0]?.tools as { name: string; defer_loading?: boolean }[];
    expect(sentTools[0]).toMatchObject({ name: 'tool_search' });
    expect(sentTools.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(sentTools).toHaveLength(118);
    const lastUser = (body: Record<string, unknown> | undefined) => ((body?.messages as { content: unknown }[]).at(-1)?.content as unknown[])[0];
    expect(lastUser(sent[1])).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'get_file_contents' }] });
    expect(lastUser(sent[2])).toEqual({ type: 'tool_result', tool_use_id: 'toolu_2', content: '{"ok":true,"tool":"get_file_contents"}' });
    expect(ran).toEqual([['get_file_contents', { owner: 'octo', repo: 'hello', path: 'README.md' }]]);
  });

  it('runs the client-side search with call_tool on gemini-2.5-flash (Gemini)', async () => {
    const tools = [
      {
        functionDeclarations: GITHUB_MCP_TOOLS.map((tool) => ({
          name: tool.name,
          description: tool.description ?? '',
          parametersJsonSchema: tool.inputSchema,
        })),
      },
    ];
    const fake = await startFakeAPI('/v1beta/models/gemini-2.5-flash:generateContent', preflightGeminiRequest, [
      geminiReply([{ functionCall: { name: 'tool_search', args: { query: 'search_repositories' } } }]),
      geminiReply([{ functionCall: { name: 'call_tool', args: { name: 'search_repositories', arguments: { query: 'tool search' } } } }]),
      geminiReply([{ text: 'Found 3 repositories.' }]),
    ]);
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: fake.url } });
    const { ran, runTool } = recordingRunTool();

    // The model's own search: the prediction step would load `search_repositories` before it asks.
    const toolSearch = createGeminiToolSearch({ tools, config: { predict: 'off' } });
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'Find repositories about tool search.' }] }];
    for (let done = false; !done; ) {
      const request = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents, config: { systemInstruction: 'You are helpful.' } }, { sessionId });
      const turn = await request.handle(await ai.models.generateContent(request.body), runTool);
      contents.push(...turn.contents);
      done = turn.done;
    }

    const sent = bodies(fake.requests);
    expect(sent).toHaveLength(3);
    for (const body of sent) expect(JSON.stringify([body.tools, body.systemInstruction])).toBe(JSON.stringify([sent[0]?.tools, sent[0]?.systemInstruction]));
    const declared = (sent[0]?.tools as { functionDeclarations: { name: string }[] }[])[0]?.functionDeclarations.map((declaration) => declaration.name);
    expect(declared).toEqual(['tool_search', 'call_tool']);
    expect(JSON.stringify(sent[0]?.systemInstruction)).toContain('search_repositories');
    const response = (body: Record<string, unknown> | undefined) => (body?.contents as Content[]).at(-1)?.parts?.[0]?.functionResponse;
    expect(JSON.parse(String(response(sent[1])?.response?.output))).toMatchObject({ status: 'found', tools: [{ name: 'search_repositories' }] });
    expect(response(sent[2])).toEqual({ name: 'call_tool', response: { ok: true, tool: 'search_repositories' } });
    expect(ran).toEqual([['search_repositories', { query: 'tool search' }]]);
  });
});
