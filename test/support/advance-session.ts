/**
 * One step of a session's agent loop, as a stateless worker runs it: given the history so far and the model's reply
 * to the last request, run the reply's tool calls (with this process's own reveal store) and build the next request.
 * Used in the test process and in the worker processes of test/support/session-worker.ts alike.
 */
import type { WireAPI } from '../../src/index.js';
import { AGENT_LOOP_APIS, answerModelCalls, prepareRequest, type AgentTools } from './agent-loop-apis.js';

/** What a step needs; plain JSON, so it crosses a process boundary unchanged. */
export interface SessionStep {
  readonly api: WireAPI;
  readonly model: string;
  readonly sessionId: string;
  /** The loop's history so far, up to the last request sent. */
  readonly history: readonly unknown[];
  /** The model's reply to the last request (the response body), or absent for the session's first request. */
  readonly reply?: unknown;
}

/** What a step leaves: the history with the reply and its answers, and the next request body (`null` at the end). */
export interface SessionStepResult {
  readonly history: unknown[];
  /** `JSON.stringify` of the transformed body to send next, or `null` when the reply was the final answer. */
  readonly request: string | null;
}

/** The tool result of every tool that runs: the same bytes in every process. */
function runTool(name: string, args: unknown): string {
  return JSON.stringify({ status: 'done', tool: name, arguments: args });
}

/** Runs one step with the default configuration; `tools` holds this process's reveal store. */
export async function advanceSession(tools: AgentTools, step: SessionStep): Promise<SessionStepResult> {
  const loop = AGENT_LOOP_APIS[step.api];
  const history = [...step.history];
  if (step.reply !== undefined) {
    // The request the model answered: the transform is pure, so this is the body sent before the reply.
    const answered = prepareRequest(loop, step.model, history);
    const calls = loop.receive(history, step.reply);
    if (calls.length === 0) return { history, request: null };
    const answers = await answerModelCalls(calls, { tools, sessionId: step.sessionId, request: answered, run: runTool });
    loop.answer(history, answers, answered.plan);
  }
  return { history, request: JSON.stringify(prepareRequest(loop, step.model, history).body) };
}
