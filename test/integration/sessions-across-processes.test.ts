/**
 * Cache stability across processes: the same scripted sessions (several agents, several sessions each, several turns,
 * the default configuration) run once in this process and once spread over worker processes, where each step of a
 * session goes to another worker than the step before. A worker is given the history so far and the model's reply,
 * runs the reply's tool calls with its own reveal store (which has not seen the session's earlier searches) and
 * builds the next request (test/support/advance-session.ts). The request bodies must be byte-identical, and the
 * tools and system text the same across every request of an agent.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireAPI } from '../../src/index.js';
import { AGENT_LOOP_APIS, createAgentTools } from '../support/agent-loop-apis.js';
import { advanceSession, type SessionStep, type SessionStepResult } from '../support/advance-session.js';
import { SCRIPTED_MODEL_APIS, wireNameOf, type ScriptedCall, type ScriptedTurn } from '../support/scripted-model-apis.js';

const WORKER_SCRIPT = join(import.meta.dirname, '..', 'support', 'session-worker.ts');
/** Two: one per core here, and with `(session + round) % 2` each step of a session still goes to the other worker. */
const WORKER_COUNT = 2;

/** Agents: one model per wire API on the client-side mechanism, and the two models that load tools themselves. */
const AGENTS: readonly { api: WireAPI; model: string; hosted: boolean }[] = [
  { api: 'openai-responses', model: 'gpt-5.2', hosted: false },
  { api: 'openai-responses', model: 'gpt-5.4', hosted: true },
  { api: 'openai-chat', model: 'gpt-4.1', hosted: false },
  { api: 'anthropic-messages', model: 'claude-3-5-haiku-20241022', hosted: false },
  { api: 'anthropic-messages', model: 'claude-sonnet-4-5', hosted: true },
  { api: 'gemini', model: 'gemini-2.5-flash', hosted: false },
];

/** Three sessions of one agent, in the names its model sees. */
function scriptsFor(api: WireAPI, hosted: boolean): { question: string; turns: ScriptedTurn[] }[] {
  const search = (query: string): ScriptedTurn => ({ calls: [{ name: 'tool_search', args: { query } }] });
  // A tool the search loaded: called directly when the provider loads it, through call_tool otherwise.
  const call = (name: string, args: Record<string, unknown>): ScriptedCall =>
    hosted ? { name: wireNameOf(api, name), args } : { name: 'call_tool', args: { name: wireNameOf(api, name), arguments: args } };
  const ride = { loc: '123 Main St, San Francisco, CA', type: 'plus', time: 10 };
  return [
    {
      question: 'Make my latte large and hot.',
      turns: [
        search('change my drink order'),
        { calls: [call('ChaDri.change_drink', { drink_id: 'latte', new_preferences: { size: 'large' } })] },
        { text: 'Done.' },
      ],
    },
    {
      // Two searches whose matches overlap: the second names what the first loaded, wherever it ran.
      question: 'What is the weather in Boston, and tomorrow?',
      turns: [search('current weather'), search('weather in a city'), { calls: [call('get_current_weather', { location: 'Boston, MA' })] }, { text: 'Sunny.' }],
    },
    {
      question: 'Get me an Uber Plus within 10 minutes.',
      turns: hosted
        ? [search('uber ride'), { calls: [call('uber.ride', ride)] }, { text: 'A ride is on its way.' }]
        : [
            // Blind, with no arguments: the call check answers with the schema.
            { calls: [{ name: wireNameOf(api, 'uber.ride'), args: {} }] },
            { calls: [call('uber.ride', ride)] },
            { text: 'A ride is on its way.' },
          ],
    },
  ];
}

const SESSIONS = AGENTS.flatMap((agent) =>
  scriptsFor(agent.api, agent.hosted).map((script, index) => ({ ...agent, ...script, sessionId: `${agent.model}-session-${index + 1}` })),
);

type Advance = (session: number, round: number, step: SessionStep) => Promise<SessionStepResult & { pid: number }>;

/** Runs every session, one step of each in turn; returns each request body by `sessionId#turn`, and where each ran. */
async function runSessions(advance: Advance): Promise<{ requests: Map<string, string>; pids: Map<string, Set<number>> }> {
  const requests = new Map<string, string>();
  const pids = new Map<string, Set<number>>();
  const states = SESSIONS.map((session) => ({
    session,
    history: AGENT_LOOP_APIS[session.api].start(session.question),
    reply: undefined as unknown,
    turn: 0,
    done: false,
  }));
  for (let round = 0; states.some((state) => !state.done); round += 1) {
    for (const [index, state] of states.entries()) {
      if (state.done) continue;
      const { api, model, sessionId, turns } = state.session;
      const result = await advance(index, round, {
        api,
        model,
        sessionId,
        history: state.history,
        ...(state.reply === undefined ? {} : { reply: state.reply }),
      });
      pids.set(sessionId, (pids.get(sessionId) ?? new Set()).add(result.pid));
      state.history = result.history;
      if (result.request === null) {
        state.done = true;
        continue;
      }
      requests.set(`${sessionId}#${state.turn}`, result.request);
      const turn = turns[state.turn];
      if (turn === undefined) throw new Error(`${sessionId}: no scripted turn ${state.turn + 1}`);
      state.reply = SCRIPTED_MODEL_APIS[api].reply(turn, { index: state.turn, model, request: JSON.parse(result.request) as Record<string, unknown> });
      state.turn += 1;
    }
  }
  return { requests, pids };
}

/** Worker processes running test/support/session-worker.ts under tsx. */
function startWorkers(count: number): {
  advance: (worker: number, step: SessionStep) => Promise<SessionStepResult & { pid: number }>;
  close: () => Promise<void>;
} {
  const pending = new Map<number, { resolve: (result: SessionStepResult & { pid: number }) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const workers: ChildProcess[] = Array.from({ length: count }, () => {
    const child = fork(WORKER_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: { id: number; result?: SessionStepResult; pid?: number; error?: string }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined || message.result === undefined) waiting?.reject(new Error(message.error ?? 'no result'));
      else waiting?.resolve({ ...message.result, pid: message.pid as number });
    });
    child.on('exit', (code) => {
      if (code === 0) return;
      for (const waiting of pending.values()) waiting.reject(new Error(`a worker exited with code ${String(code)}`));
      pending.clear();
    });
    return child;
  });
  return {
    advance: (worker, step) =>
      new Promise((resolve, reject) => {
        const id = nextId;
        nextId += 1;
        pending.set(id, { resolve, reject });
        (workers[worker] as ChildProcess).send({ id, step });
      }),
    close: async () => {
      await Promise.all(
        workers.map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? undefined
            : new Promise<void>((resolve) => {
                child.once('exit', () => resolve());
                child.disconnect();
              }),
        ),
      );
    },
  };
}

describe('sessions across worker processes', () => {
  let workers: ReturnType<typeof startWorkers> | undefined;
  beforeAll(() => {
    workers = startWorkers(WORKER_COUNT);
  });
  afterAll(async () => {
    await workers?.close();
  });

  it('sends byte-identical requests from one process and from several, and the same tools and system text in every session of an agent', async () => {
    const tools = createAgentTools();
    const single = await runSessions(async (_session, _round, step) => ({ ...(await advanceSession(tools, step)), pid: process.pid }));
    // Each step of a session goes to another worker than its previous step.
    const spread = await runSessions((session, round, step) => (workers as ReturnType<typeof startWorkers>).advance((session + round) % WORKER_COUNT, step));

    const turns = SESSIONS.reduce((sum, session) => sum + session.turns.length, 0);
    expect(single.requests.size).toBe(turns);
    const differing = [...single.requests].filter(([key, body]) => spread.requests.get(key) !== body).map(([key]) => key);
    expect(differing).toEqual([]);
    expect([...spread.requests.keys()]).toEqual([...single.requests.keys()]);
    for (const [sessionId, ran] of spread.pids) {
      expect(ran.has(process.pid), sessionId).toBe(false);
      expect(ran.size, sessionId).toBeGreaterThan(1);
    }

    // The second weather search matched what the first loaded: it named those tools instead of loading them again
    // (Responses: its tool_search_output left them out), wherever it ran.
    for (const agent of AGENTS) {
      const afterSecondSearch = single.requests.get(`${agent.model}-session-2#2`) ?? '';
      if (agent.model === 'gpt-5.4') expect(afterSecondSearch.split('"name":"get_current_weather"')).toHaveLength(2);
      else expect(afterSecondSearch).toContain('loadedEarlier');
    }

    for (const agent of AGENTS) {
      const loop = AGENT_LOOP_APIS[agent.api];
      const heads = [...single.requests]
        .filter(([key]) => key.startsWith(`${agent.model}-session-`))
        .map(([, body]) => JSON.stringify(loop.toolsAndSystemOf(JSON.parse(body) as Record<string, unknown>)));
      expect(heads.length).toBeGreaterThan(6);
      expect(new Set(heads).size, `${agent.model}: distinct tools + system text`).toBe(1);
    }
  });
});
