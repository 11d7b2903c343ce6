import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { RunTool } from './run-tool.js';
import type { SessionStep } from './session-step.js';

/**
 * What a session request's `handle` does with a step: runs the pending calls through `runTool` one after another, in
 * order, and completes the step with their outputs. An exception from `runTool` ends it and reaches the caller. Not
 * part of the public API: `handle` is the sequential convenience over `step`.
 */
export async function runSessionStep<Turn>(step: () => Promise<SessionStep<Turn>>, runTool: RunTool, sessionId: string): Promise<Turn> {
  if (typeof runTool !== 'function') {
    throw new ToolSearchError(
      'invalid-options',
      `\`handle(response, runTool)\`: \`runTool\` must be a function \`(name, args, call) => output\`, got ${describeValue(runTool)}`,
    );
  }
  const { pending, complete } = await step();
  const outputs: unknown[] = [];
  for (const call of pending) outputs.push(await runTool(call.name, call.arguments, { id: call.id, sessionId }));
  return complete(outputs);
}
