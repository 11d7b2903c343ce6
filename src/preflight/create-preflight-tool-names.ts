import { isValidToolName } from '../names/create-tool-name-mapping.js';
import type { ToolNameRule } from '../names/tool-name-rule.js';
import type { ReportPreflightViolation } from './preflight-result.js';

/** How an API words the two tool-name rules (with its own error text, where known). */
export interface PreflightToolNameMessages {
  /** `invalid-tool-name`: the tool at `place` (`tools[3]`) has a name the rule rejects (any value: a missing name too). */
  readonly invalid: (name: unknown, place: string) => string;
  /** `duplicate-tool-name`: the tool at `place` has the name of the tool at `first`. */
  readonly duplicate: (name: string, first: string, place: string) => string;
}

/**
 * The tool names of one scope of a body (its `tools`, or one namespace), as a preflight meets them in body order:
 * the rules `invalid-tool-name` and `duplicate-tool-name`, and which names the body defines. Paths default to
 * `<place>.name`.
 */
export interface PreflightToolNames {
  /** Whether `name` is a string the name rule accepts; reports `invalid-tool-name` when it is not. */
  checkName(name: unknown, place: string, path?: string): name is string;
  /** Takes `name` for the tool at `place`; when an earlier tool took it, reports `duplicate-tool-name` and returns `false`. */
  claim(name: string, place: string, path?: string): boolean;
  /** {@link PreflightToolNames.checkName}, then {@link PreflightToolNames.claim} for any string name, valid or not. */
  check(name: unknown, place: string, path?: string): name is string;
  /** Whether `name` is the name a tool of the scope took (any value: only a string can be). */
  has(name: unknown): boolean;
}

/**
 * The name rules of one scope of tools, for an API's preflight: `rule` is the API's tool-name rule (the one its
 * transformer maps names to), `messages` word the violations, `report` records them. Not part of the public API.
 *
 * @example
 * ```ts
 * const names = createPreflightToolNames(OPENAI_CHAT_TOOL_NAME_RULE, messages, report);
 * tools.forEach((tool, index) => names.check(tool.function.name, `tools[${index}]`, `tools[${index}].function.name`));
 * ```
 */
export function createPreflightToolNames(
  rule: ToolNameRule,
  messages: PreflightToolNameMessages,
  report: ReportPreflightViolation<'invalid-tool-name' | 'duplicate-tool-name'>,
): PreflightToolNames {
  const first = new Map<string, string>();
  const names: PreflightToolNames = {
    checkName(name: unknown, place: string, path = `${place}.name`): name is string {
      if (typeof name === 'string' && isValidToolName(name, rule)) return true;
      report('invalid-tool-name', path, messages.invalid(name, place));
      return false;
    },
    claim(name, place, path = `${place}.name`) {
      const earlier = first.get(name);
      if (earlier === undefined) {
        first.set(name, place);
        return true;
      }
      report('duplicate-tool-name', path, messages.duplicate(name, earlier, place));
      return false;
    },
    check(name: unknown, place: string, path = `${place}.name`): name is string {
      const valid = names.checkName(name, place, path);
      if (typeof name === 'string') names.claim(name, place, path);
      return valid;
    },
    has: (name) => typeof name === 'string' && first.has(name),
  };
  return names;
}
