/**
 * The streaming loops of the docs, run as they are written: the README's "Streaming" block and every block of
 * docs/session-api.md's "Streaming" section become modules whose `tool-search` imports resolve to src/
 * (vitest.config.ts); the SDK clients they build with their defaults reach a local server on 127.0.0.1 through the
 * SDKs' documented environment variables, and what they declare (`myTools`, `runTool`, `show`) is provided on
 * `globalThis`. The server streams each reply as the API does (server-sent events; the AWS
 * event-stream framing for Converse) over GitHub's 117 MCP tools; the test checks that every request asked for a
 * stream, that the loop ended with the caller's tool run, and that `show` saw the answer in pieces.
 *
 * scripts/check-installed-package.mjs runs this file again with `TOOL_SEARCH_APP` set to a fresh app holding the
 * packed tarball: the blocks are then written into that app, so `tool-search` is the installed package.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { WireAPI } from '../../src/index.js';
import type { LocalServer } from '../support/local-server.js';
import { githubToolsIn } from '../support/github-mcp-tools.js';
import { SCRIPTED_MODEL_APIS, startScriptedModelServer, type ScriptedTurn } from '../support/scripted-model-apis.js';
import { pointSDKsAt } from '../support/sdk-environment.js';

const root = join(import.meta.dirname, '..', '..');
const app = process.env.TOOL_SEARCH_APP;
const generated = app === undefined ? join(root, 'test', '.generated') : join(app, 'streaming-loops');

/** The ```ts blocks of a document's section (from its `## title` to the next `## `). */
function sectionBlocks(document: string, title: string): string[] {
  const text = readFileSync(join(root, document), 'utf8');
  const section = new RegExp(`^## ${title}\\n[\\s\\S]*?(?=^## )`, 'm').exec(text)?.[0] ?? '';
  return [...section.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1] as string);
}

const BLOCKS = [
  ...sectionBlocks('README.md', 'Streaming').map((code) => ['README.md', code] as const),
  ...sectionBlocks('docs/session-api.md', 'Streaming').map((code) => ['docs/session-api.md', code] as const),
];

/** Which API a block's loop runs on, by the factory it imports, and the model its body names. */
const KINDS: readonly { api: WireAPI; marker: string; model: string }[] = [
  { api: 'openai-responses', marker: 'createOpenAIResponsesToolSearch', model: 'gpt-5.4' },
  { api: 'openai-chat', marker: 'createOpenAIChatToolSearch', model: 'gpt-4.1' },
  { api: 'anthropic-messages', marker: 'createAnthropicMessagesToolSearch', model: 'claude-opus-4-8' },
  { api: 'gemini', marker: 'createGeminiToolSearch', model: 'gemini-2.5-flash' },
  { api: 'bedrock-converse', marker: 'createBedrockConverseToolSearch', model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' },
];

const ANSWER = 'Closed #3 and #5: no activity in 90 days.';
const ARGS = { owner: 'octo', repo: 'hello' };

/** The model's side: a search, `list_issues` (by its own name under hosted search, else through `call_tool`), the answer. */
function script(api: WireAPI): ScriptedTurn[] {
  const hosted = api === 'openai-responses' || api === 'anthropic-messages';
  return [
    { calls: [{ name: 'tool_search', args: { query: 'list_issues' } }] },
    { calls: [hosted ? { name: 'list_issues', args: ARGS } : { name: 'call_tool', args: { name: 'list_issues', arguments: ARGS } }] },
    { text: ANSWER },
  ];
}

let server: LocalServer | undefined;
let restoreEnvironment = () => {};
afterEach(async () => {
  await server?.close();
  server = undefined;
  restoreEnvironment();
});

describe('the streaming loops of the docs', () => {
  it('has the README’s loop and one per API in docs/session-api.md (and the Gemini accumulator’s)', () => {
    const apis = (document: string) => BLOCKS.filter(([from]) => from === document).map(([, code]) => KINDS.find((kind) => code.includes(kind.marker))?.api);
    expect(apis('README.md')).toEqual(['openai-responses']);
    expect(apis('docs/session-api.md')).toEqual(['openai-responses', 'openai-chat', 'anthropic-messages', 'gemini', 'bedrock-converse', 'gemini']);
  });

  it.each(BLOCKS.map(([document, code], index) => [document, KINDS.find((kind) => code.includes(kind.marker))?.api ?? 'unknown', index, code] as const))(
    'runs the loop of %s on %s against a server that streams',
    async (_, api, index, code) => {
      const kind = KINDS.find((entry) => entry.api === api);
      if (kind === undefined) throw new Error(`block ${index + 1} names no factory`);
      const scripted = SCRIPTED_MODEL_APIS[kind.api];
      const turns = script(kind.api);
      server = await startScriptedModelServer(scripted, kind.model, (request, position) => {
        const turn = turns[position];
        if (turn === undefined) throw new Error(`no scripted reply for request ${position + 1}`);
        return scripted.reply(turn, { index: position, model: kind.model, request: request.body as Record<string, unknown> });
      });
      restoreEnvironment = pointSDKsAt(server.url);
      const ran: [string, unknown][] = [];
      const shown: string[] = [];
      const scope = globalThis as Record<string, unknown>;
      scope.runTool = async (name: string, args: unknown) => {
        ran.push([name, args]);
        return JSON.stringify({ ok: true, tool: name });
      };
      scope.show = (text: string) => {
        if (text !== '') shown.push(text);
      };
      scope[kind.api === 'gemini' ? 'myDeclarations' : 'myTools'] = githubToolsIn(kind.api);

      mkdirSync(generated, { recursive: true });
      const file = join(generated, `streaming-loop-${index + 1}-${kind.api}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      await import(/* @vite-ignore */ `${pathToFileURL(file).href}?run=${Date.now()}`);

      expect(server.requests).toHaveLength(turns.length);
      expect(server.requests.every((request) => scripted.wantsStream(request))).toBe(true);
      expect(ran).toEqual([['list_issues', ARGS]]);
      expect(shown.join('')).toBe(ANSWER);
      expect(shown.length).toBeGreaterThan(1);
    },
  );
});
