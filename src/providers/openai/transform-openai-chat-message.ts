import { describeValue } from '../../errors/describe-value.js';
import { assertNever } from '../../errors/assert-never.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { OpenAIChatWarningCode } from './openai-chat-warning.js';

type KnownRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';

const KNOWN_ROLES: readonly string[] = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] satisfies KnownRole[];

export function transformOpenAIChatMessage(
  message: unknown,
  index: number,
  names: ToolNameMapping,
  warnings: ToolSearchWarning<OpenAIChatWarningCode>[],
): unknown {
  if (!isRecord(message) || typeof message.role !== 'string' || !KNOWN_ROLES.includes(message.role)) {
    const what = isRecord(message)
      ? `has role ${describeValue(message.role)}, which Chat Completions does not define`
      : `is ${describeValue(message)}, not a message object`;
    warnings.push({ code: 'unknown-message', message: `\`messages[${index}]\` ${what}; it was kept unchanged (tool names in it are not mapped)` });
    return message;
  }
  const role = message.role as KnownRole;
  switch (role) {
    case 'system':
    case 'developer':
    case 'user':
    case 'tool':
      return message;
    case 'function':
      return typeof message.name === 'string' ? renamed(message, 'name', names.toWire(message.name)) : message;
    case 'assistant': {
      let result = message;
      if (Array.isArray(message.tool_calls)) {
        const calls = resolveMappedItems(message.tool_calls, (call: unknown) =>
          isRecord(call) && call.type === 'function' ? resolveWireNameField(call, 'function', names.toWire) : call,
        );
        if (calls !== message.tool_calls) result = { ...result, tool_calls: calls };
      }
      return resolveWireNameField(result, 'function_call', names.toWire);
    }
    default:
      return assertNever(role, 'message role');
  }
}

/** `value` with `field` set to `name` (the same object when it already is). */
function renamed<T extends Record<string, unknown>>(value: T, field: string, name: string): T {
  return value[field] === name ? value : { ...value, [field]: name };
}
