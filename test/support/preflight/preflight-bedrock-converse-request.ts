import { isRecord } from '../../../src/records/is-record.js';
import { describeValue } from '../../../src/errors/describe-value.js';
import type { PreflightResult, PreflightRuleMessages } from './preflight-result.js';
import { preflightRequestBody } from './preflight-request-body.js';
import { BEDROCK_CONVERSE_MAX_CACHE_POINTS as MAX_CACHE_POINTS, BEDROCK_CONVERSE_TOOL_NAME_RULE } from '../../../src/providers/bedrock/bedrock-converse-api.js';

/** Converse's own rules (from the SDK's types, the user guide and reported `ValidationException`s), with their messages; the shared ones besides. */
const MESSAGES = {
  'invalid-input-schema': (name: unknown, json: unknown) =>
    `\`${String(name)}\` needs \`inputSchema.json\`, a JSON Schema whose top-level type is \`object\`, got ${describeValue(json)}`,
  'empty-tools': () => '`toolConfig.tools` holds no tool; leave `toolConfig` out instead',
  'tool-choice-unknown-tool': (name: unknown) => `\`toolChoice\` names ${describeValue(name)}, which is not a tool in \`toolConfig.tools\``,
  'too-many-cache-points': (count: number) => `the request holds ${count} \`cachePoint\` blocks; Converse takes at most ${MAX_CACHE_POINTS} cache checkpoints`,
  'tool-config-required': () => 'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
  'tool-result-without-use': (id: unknown) => `\`toolResult\` ${describeValue(id)} answers no \`toolUse\` of the assistant message before it`,
  'tool-use-without-result': (index: number, ids: string) => `Expected toolResult blocks at messages.${index}.content for the following Ids: ${ids}`,
} as const satisfies PreflightRuleMessages;
/** Checks a Converse request (`ConverseCommand`'s input) against the `ValidationException` rules for tools, tool calls and cache checkpoints. */
export function preflightBedrockConverseRequest(body: unknown): PreflightResult {
  return preflightRequestBody(body, MESSAGES, 'a Converse request object', ({ toolConfig, system, messages }, report) => {
    const cachePoints: string[] = [];
    // A list of blocks (absent: none; an entry that is no object reads as `{}`), whose `cachePoint` blocks count toward the limit.
    const blocks = (value: unknown, path: string): Record<string, unknown>[] => {
      if (value === undefined || !report.array(value, path)) return [];
      for (const [index, block] of value.entries()) if (isRecord(block) && block.cachePoint !== undefined) cachePoints.push(`${path}[${index}]`);
      return value.map((block) => (isRecord(block) ? block : {}));
    };
    if (toolConfig !== undefined && report.record(toolConfig, 'toolConfig', '`toolConfig`')) {
      const names = report.names(BEDROCK_CONVERSE_TOOL_NAME_RULE);
      const tools = blocks(toolConfig.tools, 'toolConfig.tools');
      for (const [index, tool] of tools.entries()) {
        const at = `toolConfig.tools[${index}]`;
        if (tool.cachePoint !== undefined || tool.systemTool !== undefined) continue;
        if (!report.record(tool.toolSpec, at, 'a tool, `{ toolSpec }` (or `{ systemTool }`, `{ cachePoint }`),')) continue;
        const { name, inputSchema } = tool.toolSpec;
        names.check(name, at, `${at}.toolSpec.name`);
        const json = isRecord(inputSchema) ? inputSchema.json : undefined;
        if (!isRecord(json) || json.type !== 'object') report('invalid-input-schema', `${at}.toolSpec.inputSchema`, name, json);
      }
      if (Array.isArray(toolConfig.tools) && tools.every((tool) => tool.cachePoint !== undefined)) report('empty-tools', 'toolConfig.tools');
      const forced = isRecord(toolConfig.toolChoice) ? toolConfig.toolChoice.tool : undefined;
      if (isRecord(forced) && !names.has(forced.name)) report('tool-choice-unknown-tool', 'toolConfig.toolChoice.tool.name', forced.name);
    }
    blocks(system, 'system');
    // The pairing: a user message answers every `toolUse` of the assistant message right before it, each once.
    let open = new Set<unknown>();
    let toolBlocks = false;
    for (const [index, message] of [...blocks(messages, 'messages'), {}].entries()) {
      const at = `messages[${index}].content`;
      const content = blocks(message.content, at);
      for (const [position, { toolResult: result }] of content.entries())
        if (isRecord(result) && !open.delete(result.toolUseId)) report('tool-result-without-use', `${at}[${position}]`, result.toolUseId);
      if (open.size > 0) report('tool-use-without-result', at, index, [...open].join(', '));
      toolBlocks ||= content.some(({ toolUse, toolResult }) => isRecord(toolUse) || isRecord(toolResult));
      open = new Set(message.role === 'assistant' ? content.flatMap(({ toolUse }) => (isRecord(toolUse) ? [String(toolUse.toolUseId)] : [])) : []);
    }
    if (toolBlocks && toolConfig === undefined) report('tool-config-required', 'toolConfig');
    if (cachePoints.length > MAX_CACHE_POINTS) report('too-many-cache-points', cachePoints[MAX_CACHE_POINTS] as string, cachePoints.length);
  });
}
