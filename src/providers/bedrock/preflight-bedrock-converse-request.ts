import { isRecord } from '../../records/is-record.js';
import { describeValue } from '../../errors/describe-value.js';
import type { PreflightResult, ReportPreflightViolation } from '../../preflight/preflight-result.js';
import { preflightRequestBody } from '../../preflight/preflight-request-body.js';
import { createPreflightToolNames } from '../../preflight/create-preflight-tool-names.js';
import { createPreflightCallPairing } from '../../preflight/create-preflight-call-pairing.js';
import { isPreflightArray } from '../../preflight/is-preflight-array.js';
import { isPreflightRecord } from '../../preflight/is-preflight-record.js';
import type { SharedPreflightRule } from '../../preflight/shared-preflight-rule.js';
import { BEDROCK_CONVERSE_MAX_CACHE_POINTS, BEDROCK_CONVERSE_TOOL_NAME_RULE } from './bedrock-converse-api.js';

/**
 * The rules {@link preflightBedrockConverseRequest} checks, by stable id. Sources: [sdk] `@aws-sdk/client-bedrock-runtime`'s
 * types and doc comments, [doc] the Bedrock user guide, [obs] `ValidationException`s reported in public issues. With the
 * rules every preflight checks ({@link SharedPreflightRule}; a `toolSpec.name` must match `[a-zA-Z0-9_-]{1,64}` [sdk
 * `ToolSpecification`]):
 *
 * - `invalid-input-schema`: a `toolSpec` has no `inputSchema.json` object, or its top-level type is not `object`
 *   ("The top level schema type must be object") [sdk `ToolInputSchema`].
 * - `empty-tools`: `toolConfig.tools` holds no tool [sdk].
 * - `tool-choice-unknown-tool`: `toolChoice.tool.name` is not a tool in `toolConfig.tools`.
 * - `too-many-cache-points`: more than 4 `cachePoint` blocks in `system`, `messages` and `toolConfig.tools` together
 *   [doc prompt caching: at most 4 cache checkpoints per request].
 * - `tool-config-required`: the messages hold `toolUse` or `toolResult` blocks but there is no `toolConfig` [obs "The
 *   toolConfig field must be defined when using toolUse and toolResult content blocks."].
 * - `tool-result-without-use`: a `toolResult` answers no `toolUse` of the assistant message right before it.
 * - `tool-use-without-result`: the user message after an assistant message (or the history's end) does not answer each
 *   of its `toolUse` blocks [obs "Expected toolResult blocks at messages.2.content for the following Ids: …"].
 */
export type BedrockConversePreflightRule =
  | SharedPreflightRule
  | 'invalid-input-schema'
  | 'empty-tools'
  | 'tool-choice-unknown-tool'
  | 'too-many-cache-points'
  | 'tool-config-required'
  | 'tool-result-without-use'
  | 'tool-use-without-result';

/**
 * Checks an Amazon Bedrock Converse request (`ConverseCommand`'s input) against the documented `ValidationException`
 * rules for tools, tool calls and cache checkpoints (see {@link BedrockConversePreflightRule}). Never throws: a body that
 * cannot be read gives an `invalid-body` violation. Every body `transformBedrockConverseRequest` returns passes it
 * when its input did.
 *
 * @example
 * ```ts
 * import { preflightBedrockConverseRequest } from 'tool-search/bedrock';
 * const { ok, violations } = preflightBedrockConverseRequest(input);
 * if (!ok) throw new Error(violations.map((v) => `${v.rule} at ${v.path}: ${v.message}`).join('\n'));
 * ```
 */
export function preflightBedrockConverseRequest(body: unknown): PreflightResult {
  return preflightRequestBody<BedrockConversePreflightRule>(
    body,
    (value) => `the body must be a Converse request object, got ${describeValue(value)}`,
    (request, add) => {
      const cachePoints: string[] = [];
      // A list of blocks (absent: none), whose `cachePoint` blocks count toward the request's limit.
      const blocks = (value: unknown, path: string): unknown[] => {
        if (value === undefined || !isPreflightArray(value, path, add)) return [];
        for (const [index, block] of value.entries()) if (isRecord(block) && block.cachePoint !== undefined) cachePoints.push(`${path}[${index}]`);
        return value;
      };
      if (request.toolConfig !== undefined && isPreflightRecord(request.toolConfig, 'toolConfig', '`toolConfig`', add))
        checkTools(request.toolConfig, blocks, add);
      blocks(request.system, 'system');
      const messages = blocks(request.messages, 'messages');
      const contents = messages.map((message, index) => blocks(isRecord(message) ? message.content : undefined, `messages[${index}].content`));
      checkToolUsePairs(messages, contents, request.toolConfig !== undefined, add);
      if (cachePoints.length > BEDROCK_CONVERSE_MAX_CACHE_POINTS) {
        const count = `the request holds ${cachePoints.length} \`cachePoint\` blocks`;
        add(
          'too-many-cache-points',
          cachePoints[BEDROCK_CONVERSE_MAX_CACHE_POINTS] as string,
          `${count}; Converse takes at most ${BEDROCK_CONVERSE_MAX_CACHE_POINTS} cache checkpoints`,
        );
      }
      return undefined;
    },
  );
}

type Add = ReportPreflightViolation<BedrockConversePreflightRule | SharedPreflightRule>;

function checkTools(toolConfig: Record<string, unknown>, blocks: (value: unknown, path: string) => unknown[], add: Add): void {
  const names = createPreflightToolNames(
    BEDROCK_CONVERSE_TOOL_NAME_RULE,
    {
      invalid: (name) => `tool name ${describeValue(name)} does not match '[a-zA-Z0-9_-]{1,64}'`,
      duplicate: (name, first) => `tool \`${name}\` is also defined at \`${first}\``,
    },
    add,
  );
  const tools = blocks(toolConfig.tools, 'toolConfig.tools');
  for (const [index, tool] of tools.entries()) {
    const at = `toolConfig.tools[${index}]`;
    if (isRecord(tool) && (tool.cachePoint !== undefined || tool.systemTool !== undefined)) continue;
    const spec = isRecord(tool) ? tool.toolSpec : undefined;
    if (!isPreflightRecord(spec, at, 'a tool, `{ toolSpec }` (or `{ systemTool }`, `{ cachePoint }`),', add)) continue;
    names.check(spec.name, at, `${at}.toolSpec.name`);
    const json = isRecord(spec.inputSchema) ? spec.inputSchema.json : undefined;
    if (!isRecord(json) || json.type !== 'object') {
      const what = `\`${String(spec.name)}\` needs \`inputSchema.json\`, a JSON Schema whose top-level type is \`object\``;
      add('invalid-input-schema', `${at}.toolSpec.inputSchema`, `${what}, got ${describeValue(json)}`);
    }
  }
  if (Array.isArray(toolConfig.tools) && !tools.some((tool) => isRecord(tool) && tool.cachePoint === undefined)) {
    add('empty-tools', 'toolConfig.tools', '`toolConfig.tools` holds no tool; leave `toolConfig` out instead');
  }
  const choice = toolConfig.toolChoice;
  if (isRecord(choice) && isRecord(choice.tool) && !names.has(choice.tool.name)) {
    add(
      'tool-choice-unknown-tool',
      'toolConfig.toolChoice.tool.name',
      `\`toolChoice\` names ${describeValue(choice.tool.name)}, which is not a tool in \`toolConfig.tools\``,
    );
  }
}

/** The `toolUse`/`toolResult` pairing: a user message answers every `toolUse` of the assistant message right before it. */
function checkToolUsePairs(messages: readonly unknown[], contents: readonly unknown[][], hasToolConfig: boolean, add: Add): void {
  let toolBlocks = false;
  const pairing = createPreflightCallPairing({
    resultWithoutCall: (path, id) =>
      add('tool-result-without-use', path, `\`toolResult\` ${describeValue(id)} answers no \`toolUse\` of the assistant message before it`),
    // Where the results were due: the message that ended the turn, or the one the history lacks.
    callsWithoutResult: (_, ids, endedAt = `messages[${contents.length}]`) =>
      add(
        'tool-use-without-result',
        `${endedAt}.content`,
        `Expected toolResult blocks at ${endedAt.replace(/\[(\d+)\]/, '.$1')}.content for the following Ids: ${ids.join(', ')}`,
      ),
  });
  for (const [index, content] of contents.entries()) {
    const path = `messages[${index}]`;
    const uses: string[] = [];
    for (const [position, block] of content.entries()) {
      if (isRecord(block) && isRecord(block.toolResult)) pairing.result(`${path}.content[${position}]`, block.toolResult.toolUseId);
      if (isRecord(block) && isRecord(block.toolUse)) uses.push(String(block.toolUse.toolUseId));
      toolBlocks ||= isRecord(block) && (isRecord(block.toolResult) || isRecord(block.toolUse));
    }
    const message = messages[index];
    if (isRecord(message) && message.role === 'assistant' && uses.length > 0) pairing.calls(path, uses);
    else pairing.other(path);
  }
  pairing.end();
  if (toolBlocks && !hasToolConfig)
    add('tool-config-required', 'toolConfig', 'The toolConfig field must be defined when using toolUse and toolResult content blocks.');
}
