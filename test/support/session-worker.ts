/**
 * A worker process of the cross-process session test (run with `node --import tsx`): it answers each message
 * `{ id, step }` with `{ id, result, pid }` (or `{ id, error }`) from `advanceSession`, with one reveal store for the
 * whole process, and exits when its parent disconnects.
 */
import { createAgentTools } from './agent-loop-apis.js';
import { advanceSession, type SessionStep } from './advance-session.js';

const tools = createAgentTools();
const send = (message: unknown): void => {
  process.send?.(message);
};

process.on('message', (message: { id: number; step: SessionStep }) => {
  advanceSession(tools, message.step).then(
    (result) => send({ id: message.id, result, pid: process.pid }),
    (error: unknown) => send({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
