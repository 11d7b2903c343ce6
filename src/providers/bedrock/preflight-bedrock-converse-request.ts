import { isRecord } from '../../records/is-record.js';
import { describeValue } from '../../errors/describe-value.js';
import type { PreflightResult, PreflightRuleMessages, ReportPreflightRule, SharedPreflightRule } from '../../preflight/preflight-result.js';
import { preflightRequestBody } from '../../preflight/preflight-request-body.js';
import { createPreflightToolNames } from '../../preflight/create-preflight-tool-names.js';
import { createPreflightCallPairing } from '../../preflight/create-preflight-call-pairing.js';
import { isPreflightArray } from '../../preflight/is-preflight-array.js';
import { isPreflightRecord } from '../../preflight/is-preflight-record.js';
import { BEDROCK_CONVERSE_MAX_CACHE_POINTS, BEDROCK_CONVERSE_TOOL_NAME_RULE } from './bedrock-converse-api.js';

/** Converse's own rules (from the SDK's types, the user guide and reported `ValidationException`s), with their messages. */
const MESSAGES = {
  'invalid-input-schema': (name: unknown, json: unknown) =>
    `\`${String(name)}\` needs \`inputSchema.json\`, a JSON Schema whose top-level type is \`object\`, got ${describeValue(json)}`,
  'empty-tools': () => '`toolConfig.tools` holds no tool; leave `toolConfig` out instead',
  'tool-choice-unknown-tool': (name: unknown) => `\`toolChoice\` names ${describeValue(name)}, which is not a tool in \`toolConfig.tools\``,
  'too-many-cache-points': (count: number) =>
    `the request holds ${count} \`cachePoint\` blocks; Converse takes at most ${BEDROCK_CONVERSE_MAX_CACHE_POINTS} cache checkpoints`,
  'tool-config-required': () => 'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
  'tool-result-without-use': (id: unknown) => `\`toolResult\` ${describeValue(id)} answers no \`toolUse\` of the assistant message before it`,
  'tool-use-without-result': (endedAt: string, ids: readonly string[]) =>
    `Expected toolResult blocks at ${endedAt.replace(/\[(\d+)\]/, '.$1')}.content for the following Ids: ${ids.join(', ')}`,
} as const satisfies PreflightRuleMessages;

/** The rules {@link preflightBedrockConverseRequest} checks: the shared ones and Converse's own. */
export type BedrockConversePreflightRule = SharedPreflightRule | keyof typeof MESSAGES;

type Report = ReportPreflightRule<typeof MESSAGES>;

/** Checks a Converse request (`ConverseCommand`'s input) against the `ValidationException` rules for tools, tool calls and cache checkpoints. */
export function preflightBedrockConverseRequest(body: unknown): PreflightResult {
  return preflightRequestBody(
    body,
    MESSAGES,
    (value) => `the body must be a Converse request object, got ${describeValue(value)}`,
    (request, report) => {
      const cachePoints: string[] = [];
      // A list of blocks (absent: none), whose `cachePoint` blocks count toward the request's limit.
      const blocks = (value: unknown, path: string): unknown[] => {
        if (value === undefined || !isPreflightArray(value, path, report)) return [];
        for (const [index, block] of value.entries()) if (isRecord(block) && block.cachePoint !== undefined) cachePoints.push(`${path}[${index}]`);
        return value;
      };
      if (request.toolConfig !== undefined && isPreflightRecord(request.toolConfig, 'toolConfig', '`toolConfig`', report)) {
        checkTools(request.toolConfig, blocks(request.toolConfig.tools, 'toolConfig.tools'), report);
      }
      blocks(request.system, 'system');
      const messages = blocks(request.messages, 'messages');
      const contents = messages.map((message, index) => blocks(isRecord(message) ? message.content : undefined, `messages[${index}].content`));
      checkToolUsePairs(messages, contents, request.toolConfig !== undefined, report);
      const over = cachePoints[BEDROCK_CONVERSE_MAX_CACHE_POINTS];
      if (over !== undefined) report('too-many-cache-points', over, cachePoints.length);
      return undefined;
    },
  );
}

function checkTools(toolConfig: Record<string, unknown>, tools: unknown[], report: Report): void {
  const names = createPreflightToolNames(
    BEDROCK_CONVERSE_TOOL_NAME_RULE,
    {
      invalid: (name) => `tool name ${describeValue(name)} does not match '[a-zA-Z0-9_-]{1,64}'`,
      duplicate: (name, first) => `tool \`${name}\` is also defined at \`${first}\``,
    },
    report,
  );
  for (const [index, tool] of tools.entries()) {
    const at = `toolConfig.tools[${index}]`;
    if (isRecord(tool) && (tool.cachePoint !== undefined || tool.systemTool !== undefined)) continue;
    const spec = isRecord(tool) ? tool.toolSpec : undefined;
    if (!isPreflightRecord(spec, at, 'a tool, `{ toolSpec }` (or `{ systemTool }`, `{ cachePoint }`),', report)) continue;
    names.check(spec.name, at, `${at}.toolSpec.name`);
    const json = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
    if (!isRecord(json) || json.type !== 'object') report('invalid-input-schema', `${at}.toolSpec.inputSchema`, spec.name, json);
  }
  if (Array.isArray(toolConfig.tools) && !tools.some((tool) => isRecord(tool) && tool.cachePoint === undefined)) report('empty-tools', 'toolConfig.tools');
  const choice = toolConfig.toolChoice;
  if (isRecord(choice) && isRecord(choice.tool) && !names.has(choice.tool.name))
    report('tool-choice-unknown-tool', 'toolConfig.toolChoice.tool.name', choice.tool.name);
}

/** The `toolUse`/`toolResult` pairing: a user message answers every `toolUse` of the assistant message right before it. */
function checkToolUsePairs(messages: readonly unknown[], contents: readonly unknown[][], hasToolConfig: boolean, report: Report): void {
  let toolBlocks = false;
  const pairing = createPreflightCallPairing({
    resultWithoutCall: (path, id) => report('tool-result-without-use', path, id),
    // Where the results were due: the message that ended the turn, or the one the history lacks.
    callsWithoutResult: (_, ids, endedAt = `messages[${contents.length}]`) => report('tool-use-without-result', `${endedAt}.content`, endedAt, ids),
  });
  for (const [index, content] of contents.entries()) {
    const uses: string[] = [];
    for (const [position, block] of content.entries()) {
      if (!isRecord(block)) continue;
      if (isRecord(block.toolResult)) pairing.result(`messages[${index}].content[${position}]`, block.toolResult.toolUseId);
      if (isRecord(block.toolUse)) uses.push(String(block.toolUse.toolUseId));
      toolBlocks ||= isRecord(block.toolResult) || isRecord(block.toolUse);
    }
    if (isRecord(messages[index]) && messages[index].role === 'assistant' && uses.length > 0) pairing.calls(`messages[${index}]`, uses);
    else pairing.other(`messages[${index}]`);
  }
  pairing.end();
  if (toolBlocks && !hasToolConfig) report('tool-config-required', 'toolConfig');
}
