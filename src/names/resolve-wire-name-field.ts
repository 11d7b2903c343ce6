import { isRecord } from '../records/is-record.js';

/**
 * The object with the tool name its field `field` holds (`{ [field]: { name } }`: Converse's `toolUse`, Gemini's
 * `functionCall`, Chat Completions' `function`) passed through `toWire`, copied only when the name changes; the object
 * itself when the field holds no name. How a transformer writes a history's calls and a tool choice in wire names.
 * Not part of the public API.
 *
 * @example
 * ```ts
 * resolveWireNameField({ toolUse: { toolUseId: 'a', name: 'github.create_issue' } }, 'toolUse', names.toWire);
 * // { toolUse: { toolUseId: 'a', name: 'github_create_issue' } }
 * ```
 */
export function resolveWireNameField(object: Record<string, unknown>, field: string, toWire: (name: string) => string): Record<string, unknown> {
  const named = object[field];
  if (!isRecord(named) || typeof named.name !== 'string') return object;
  const name = toWire(named.name);
  return name === named.name ? object : { ...object, [field]: { ...named, name } };
}
