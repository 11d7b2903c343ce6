/**
 * Sessions with native delivery through the session API (issue 24 items 2, 4, 5):
 *
 * - a session that loaded tools under one model moves to another, native-capable or not, on another platform or the
 *   same (Messages: Opus 4.8 and 5 by value, Bedrock and Vertex AI by reference, Sonnet 5 and 4.5, Claude 3.5, Opus
 *   4.1, Foundry, a gateway; Responses: GPT-5.4, 5.5 on Azure, 5.2, nano, 4.1, a gateway): every request passes our
 *   preflight for the model and platform it goes to, and the model can still call a tool it loaded;
 * - on Responses with the history on the server (`previous_response_id`), the store is used between turns by other
 *   sessions and `delete`: every tool a search loads is in the conversation, added once, and with a store large enough
 *   for every session never added twice; after `delete` the conversation starts again and adds what it loads.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelPlatform, ModelReference } from '../../src/models/model-reference.js';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import type { RevealStore } from '../../src/reveal/reveal-store.js';
import {
  NATIVE_SESSION_MODELS,
  PROPERTY_RUNS,
  PROPERTY_TIMEOUT,
  createCaseCounter,
  propertyParameters,
  storeOperation,
  type StoreOperation,
} from '../support/arbitraries.js';

const counter = createCaseCounter('native sessions');
afterAll(() => counter.report());

/** Twenty tools, a few with names some API rejects as they are. */
const NAMES = ['get_weather', 'a.b', 'café', 'send_email', 'list_issues', '検索', ...Array.from({ length: 14 }, (_, index) => `tool_${index}`)];
const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
const ARGS = { path: 'x' };

type Config = { readonly mechanism: 'client' | 'auto'; readonly reveal: 'auto' | 'native' };
const config = fc.record({
  mechanism: fc.constantFrom('client' as const, 'client' as const, 'auto' as const),
  reveal: fc.constantFrom('auto' as const, 'native' as const),
});
const loadedTools = fc.uniqueArray(fc.nat(NAMES.length - 1), { minLength: 1, maxLength: 3 }).map((indexes) => indexes.map((index) => NAMES[index] as string));

/** How the model calls a loaded tool under a plan: by its own name, or through the package's `call_tool`. */
function callOf(plan: ToolSearchPlan, name: string, wire: (name: string) => string): { name: string; input: unknown } {
  const own = resolveOwnToolsSent(plan);
  return own.callTool ? { name: wire(own.callToolName), input: { name: wire(name), arguments: ARGS } } : { name: wire(name), input: ARGS };
}

function platformOf(model: ModelReference): ModelPlatform | undefined {
  return typeof model === 'string' ? undefined : model.platform;
}

/** The Messages body for a model: Bedrock's InvokeModel body has no `model`, the factory's `model` option names it. */
function messagesBody(model: ModelReference, messages: unknown[]): Record<string, unknown> {
  const { id, platform } = model as { id: string; platform?: string };
  return platform === 'bedrock' ? { anthropic_version: 'bedrock-2023-05-31', max_tokens: 64, messages } : { model: id, max_tokens: 64, messages };
}

describe('a native session moved to another model', () => {
  it(
    'on Messages: every request passes our preflight for its model and platform, and a loaded tool stays callable',
    async () => {
      const tools = NAMES.map((name) => ({ name, description: `Does ${name}.`, input_schema: SCHEMA }));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...NATIVE_SESSION_MODELS['anthropic-messages']),
          fc.constantFrom(...NATIVE_SESSION_MODELS['anthropic-messages']),
          config,
          config,
          loadedTools,
          async (first, second, firstConfig: Config, secondConfig: Config, loaded) => {
            const store = createMemoryRevealStore();
            const agent = (model: ModelReference, given: Config) =>
              createAnthropicMessagesToolSearch({
                tools: tools as never,
                store,
                model: (model as { id: string }).id,
                ...(platformOf(model) === undefined ? {} : { platform: platformOf(model) }),
                config: given,
              });
            const check = (model: ModelReference, body: unknown) =>
              expect(preflightAnthropicMessagesRequest(body, { model }).violations.map((violation) => violation.rule)).toEqual([]);
            const messages: unknown[] = [{ role: 'user', content: 'hi' }];
            const one = agent(first, firstConfig);
            const a = await one.prepare(messagesBody(first, messages), { sessionId: 's' });
            check(first, a.body);
            counter.count(`Messages from ${a.plan.mechanism}/${a.plan.reveal}`);
            const search = {
              type: 'tool_use',
              id: 'toolu_1',
              name: a.names.toWire(resolveOwnToolsSent(a.plan).searchName),
              input: { query: `select:${loaded.join(',')}` },
            };
            messages.push(...(await a.handle({ content: [search], stop_reason: 'tool_use' } as never, async () => 'ok')).messages);
            const b = await one.prepare(messagesBody(first, messages), { sessionId: 's' });
            check(first, b.body);
            const called = callOf(b.plan, loaded[0] as string, b.names.toWire);
            let ran = 0;
            messages.push(
              ...(
                await b.handle({ content: [{ type: 'tool_use', id: 'toolu_2', ...called }], stop_reason: 'tool_use' } as never, async () => {
                  ran += 1;
                  return 'done';
                })
              ).messages,
            );
            expect(ran).toBe(1);
            // The move: another model (and platform), maybe another configuration, the same history.
            const two = agent(second, secondConfig);
            const c = await two.prepare(messagesBody(second, messages), { sessionId: 's' });
            check(second, c.body);
            counter.count(`Messages to ${c.plan.mechanism}/${c.plan.reveal}`);
            const again = callOf(c.plan, loaded[0] as string, c.names.toWire);
            let ranAgain = 0;
            await c.handle({ content: [{ type: 'tool_use', id: 'toolu_3', ...again }], stop_reason: 'tool_use' } as never, async () => {
              ranAgain += 1;
              return 'done';
            });
            expect(ranAgain).toBe(1);
          },
        ),
        propertyParameters(Math.max(30, Math.round(PROPERTY_RUNS / 5))),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'on Responses: every request passes our preflight, and a loaded tool stays callable',
    async () => {
      const tools = NAMES.map((name) => ({ type: 'function', name, description: `Does ${name}.`, parameters: SCHEMA, strict: false }));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...NATIVE_SESSION_MODELS['openai-responses']),
          fc.constantFrom(...NATIVE_SESSION_MODELS['openai-responses']),
          config,
          config,
          loadedTools,
          async (first, second, firstConfig: Config, secondConfig: Config, loaded) => {
            const store = createMemoryRevealStore();
            const agent = (model: ModelReference, given: Config) =>
              createOpenAIResponsesToolSearch({
                tools: tools as never,
                store,
                ...(platformOf(model) === undefined ? {} : { platform: platformOf(model) }),
                config: given,
              });
            const input: unknown[] = [{ role: 'user', content: 'hi' }];
            const body = (model: ModelReference) => ({ model: (model as { id: string }).id, store: false, input });
            const one = agent(first, firstConfig);
            const a = await one.prepare(body(first), { sessionId: 's' });
            expect(preflightOpenAIResponsesRequest(a.body).violations).toEqual([]);
            counter.count(`Responses from ${a.plan.mechanism}/${a.plan.reveal}`);
            const query = `select:${loaded.map((name) => a.names.toWire(name)).join(',')}`;
            const search =
              a.plan.mechanism === 'openai-hosted'
                ? { type: 'tool_search_call', call_id: 'ts_1', execution: 'client', arguments: { query }, status: 'completed' }
                : { type: 'function_call', call_id: 'c_1', name: a.names.toWire(resolveOwnToolsSent(a.plan).searchName), arguments: JSON.stringify({ query }) };
            input.push(...(await a.handle({ output: [search] } as never, async () => 'ok')).input);
            const b = await one.prepare(body(first), { sessionId: 's' });
            expect(preflightOpenAIResponsesRequest(b.body).violations).toEqual([]);
            const called = callOf(b.plan, loaded[0] as string, b.names.toWire);
            let ran = 0;
            const callItem = { type: 'function_call', call_id: 'c_2', name: called.name, arguments: JSON.stringify(called.input) };
            input.push(
              ...(
                await b.handle({ output: [callItem] } as never, async () => {
                  ran += 1;
                  return 'done';
                })
              ).input,
            );
            expect(ran).toBe(1);
            const two = agent(second, secondConfig);
            const c = await two.prepare(body(second), { sessionId: 's' });
            expect(preflightOpenAIResponsesRequest(c.body).violations).toEqual([]);
            counter.count(`Responses to ${c.plan.mechanism}/${c.plan.reveal}`);
            const again = callOf(c.plan, loaded[0] as string, c.names.toWire);
            let ranAgain = 0;
            await c.handle(
              { output: [{ type: 'function_call', call_id: 'c_3', name: again.name, arguments: JSON.stringify(again.input) }] } as never,
              async () => {
                ranAgain += 1;
                return 'done';
              },
            );
            expect(ranAgain).toBe(1);
          },
        ),
        propertyParameters(Math.max(30, Math.round(PROPERTY_RUNS / 5))),
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe('store operations between the turns of native sessions whose history the server keeps', () => {
  it(
    'on Responses: every tool a search loads is in the conversation, never added twice while the store holds every session, and added again after delete',
    async () => {
      const tools = NAMES.map((name) => ({ type: 'function', name, description: `Does ${name}.`, parameters: SCHEMA, strict: false }));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(1, 2, 4, 4),
          fc.array(fc.tuple(loadedTools, storeOperation), { minLength: 1, maxLength: 8 }),
          async (maxSessions, turns: readonly (readonly [readonly string[], StoreOperation])[]) => {
            const store: RevealStore = createMemoryRevealStore({ maxSessions, maxToolsPerSession: 2 });
            const agent = createOpenAIResponsesToolSearch({ tools: tools as never, store, config: { mechanism: 'client', reveal: 'native' } });
            // Every session of the run (the main one and three others) fits a store of 4: then nothing is evicted.
            const strict = maxSessions >= 4;
            let conversation = new Map<string, number>();
            let responses = 0;
            const turn = async (sessionId: string, loaded: readonly string[], added: Map<string, number>) => {
              const request = await agent.prepare(
                { model: 'gpt-5.4', store: true, ...(added.size === 0 && responses === 0 ? {} : { previous_response_id: `resp_${responses}` }), input: 'next' },
                { sessionId },
              );
              responses += 1;
              expect(preflightOpenAIResponsesRequest(request.body).violations).toEqual([]);
              const query = `select:${loaded.map((name) => request.names.toWire(name)).join(',')}`;
              const done = await request.handle(
                { output: [{ type: 'function_call', call_id: `c_${responses}`, name: 'tool_search', arguments: JSON.stringify({ query }) }] } as never,
                async () => 'ok',
              );
              for (const item of done.answers as { type: string; tools?: { name: string }[] }[]) {
                if (item.type !== 'additional_tools') continue;
                for (const tool of item.tools ?? []) added.set(request.names.fromWire(tool.name), (added.get(request.names.fromWire(tool.name)) ?? 0) + 1);
              }
            };
            for (const [loaded, operation] of turns) {
              if (operation.kind === 'delete') {
                await store.delete('main');
                conversation = new Map();
                counter.count('store: delete');
              } else if (operation.kind === 'other-session') {
                await turn(`other-${operation.session}`, ['get_weather'], new Map());
                counter.count('store: another session');
              }
              await turn('main', loaded, conversation);
              for (const name of loaded) expect(conversation.get(name) ?? 0).toBeGreaterThan(0);
              if (strict) for (const count of conversation.values()) expect(count).toBe(1);
            }
            counter.count(strict ? 'store holds every session' : `store of ${maxSessions}`);
          },
        ),
        propertyParameters(Math.max(30, Math.round(PROPERTY_RUNS / 5))),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
