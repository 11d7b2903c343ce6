import { isRecord } from '../../../src/records/is-record.js';
import { describeValue } from '../../../src/errors/describe-value.js';
import type { PreflightResult, PreflightRuleMessages, ReportPreflightRule, SharedPreflightRule } from './preflight-result.js';
import { preflightRequestBody } from './preflight-request-body.js';
import { GEMINI_MAX_FUNCTION_DECLARATIONS, GEMINI_TOOL_NAME_RULE, type GeminiRequestShape } from '../../../src/providers/gemini/gemini-api.js';
import { resolveGeminiParametersProblem } from '../../../src/providers/gemini/resolve-gemini-parameters-problem.js';
import { resolveGeminiBodyShape } from '../../../src/providers/gemini/read-gemini-body-shape.js';

/**
 * The rules {@link preflightGeminiRequest} checks, by stable id. Sources: [sdk] `@google/genai`'s types and doc
 * comments, [obs] the API's 400 messages quoted in public issues. With the rules every preflight checks
 * ({@link SharedPreflightRule}):
 *
 * - `invalid-body`: the body, `tools`, a tool or a declaration is not the shape the API requires, or the body mixes
 *   the SDK shape (`config`) with top-level REST settings.
 * - `invalid-tool-name`: a function name does not start with a letter or `_`, has characters other than letters,
 *   digits, `_ . -`, or is longer than 64 [obs: "Invalid function name. Must start with a letter or an underscore.
 *   Must be a-z, A-Z, 0-9, or contain underscores, dots and dashes, with a maximum length of 64"; some endpoints also
 *   accept colons, the SDK's comment says 128: this check takes the rule every endpoint accepts].
 * - `duplicate-tool-name`: two declarations share a name.
 * - `parameters-and-json-schema`: a declaration sets both `parameters` and `parametersJsonSchema` [sdk: "mutually
 *   exclusive"].
 * - `unsupported-schema-keyword`: `parameters` use a keyword the OpenAPI-subset `Schema` lacks (`additionalProperties`,
 *   `$ref`, `oneOf`, `const`, …; in the SDK shape the SDK drops `additionalProperties` itself), a `required` name
 *   not in `properties` ("property is not defined"), an array without `items` ("items: missing field"), a parameter
 *   name outside `[A-Za-z_][A-Za-z0-9_]{0,63}`, or a `type` list in the REST shape [sdk `Schema` and `parameters`;
 *   obs] (see `resolveGeminiParametersProblem`).
 * - `multiple-function-tools`: more than one `tools` entry holds `functionDeclarations` [obs: Vertex AI 400
 *   "Request contains an invalid argument"; put every declaration in one entry].
 * - `too-many-function-declarations`: more than 512 declarations [sdk: "Maximum 512 function declarations"; obs
 *   "At most 512 function declarations can be specified"].
 * - `allowed-function-unknown`: `toolConfig.functionCallingConfig.allowedFunctionNames` names an undeclared
 *   function [sdk: "Function names should match FunctionDeclaration.name"].
 * - `function-response-without-call`: a content with `functionResponse` parts does not come right after a `model`
 *   content with `functionCall` parts [obs: "Please ensure that function response turn comes immediately after a
 *   function call turn"].
 * - `function-response-count-mismatch`: the numbers of `functionResponse` and `functionCall` parts differ [obs:
 *   "Please ensure that the number of function response parts is equal to the number of function call parts of the
 *   function call turn"].
 */
export type GeminiPreflightRule = SharedPreflightRule | keyof typeof MESSAGES;

/** The message of each rule of the Gemini API's own. */
const MESSAGES = {
  'parameters-and-json-schema': (name: unknown) => `\`${String(name)}\` sets both \`parameters\` and \`parametersJsonSchema\`, which are mutually exclusive`,
  'unsupported-schema-keyword': (name: unknown, problem: string) => `\`${String(name)}\`: ${problem}; send such a schema as \`parametersJsonSchema\``,
  'multiple-function-tools': (count: number) => `${count} \`tools\` entries hold \`functionDeclarations\`; put every declaration in one entry`,
  'too-many-function-declarations': (count: number) => `${count} function declarations; at most ${GEMINI_MAX_FUNCTION_DECLARATIONS} can be specified`,
  'allowed-function-unknown': (name: unknown) => `${describeValue(name)} is not a declared function`,
  'function-response-without-call': () => 'function responses must come right after a model turn with function calls',
  'function-response-count-mismatch': (responses: number, calls: number) => `${responses} function responses answer a turn with ${calls} function calls`,
} as const satisfies PreflightRuleMessages;

/**
 * Checks a Gemini `generateContent` body, in the `@google/genai` SDK shape or the REST shape, against the
 * documented HTTP 400 rules for function declarations and function-calling turns (see {@link GeminiPreflightRule}).
 * Never throws: a body that cannot be read gives an `invalid-body` violation. Every body `transformGeminiRequest`
 * returns passes it.
 *
 * Not part of the public API (no entry exports it): the tests' local servers check every body they receive with it
 * (test/support/local-server.ts).
 */
export function preflightGeminiRequest(body: unknown): PreflightResult {
  return preflightRequestBody(body, MESSAGES, 'a request object', (request, report) => {
    const { shape, settings, prefix, topLevel } = resolveGeminiBodyShape(request);
    if (request.config !== undefined && request.config !== null) {
      if (!report.record(request.config, 'config', '`config`')) return 'stop';
      if (topLevel.length > 0) report('invalid-body', topLevel[0] as string, 'the body mixes `config` (the SDK shape) with top-level REST settings');
    }
    const declared = checkTools(settings.tools, prefix, shape, report);
    const calling = isRecord(settings.toolConfig) ? settings.toolConfig.functionCallingConfig : undefined;
    const allowed = isRecord(calling) && Array.isArray(calling.allowedFunctionNames) ? calling.allowedFunctionNames : [];
    for (const [index, name] of allowed.entries())
      if (!declared(name)) report('allowed-function-unknown', `${prefix}toolConfig.functionCallingConfig.allowedFunctionNames[${index}]`, name);
    // A content of function responses answers, one for one, the function calls of the model's content right before it.
    let previousCalls = 0;
    for (const [index, content] of (Array.isArray(request.contents) ? request.contents : []).entries()) {
      const parts: unknown[] = isRecord(content) && Array.isArray(content.parts) ? content.parts : [];
      const responses = parts.filter((part) => isRecord(part) && isRecord(part.functionResponse)).length;
      if (responses > 0 && previousCalls === 0) report('function-response-without-call', `contents[${index}]`);
      else if (responses > 0 && responses !== previousCalls) report('function-response-count-mismatch', `contents[${index}]`, responses, previousCalls);
      previousCalls = isRecord(content) && content.role === 'model' ? parts.filter((part) => isRecord(part) && isRecord(part.functionCall)).length : 0;
    }
  });
}

type Report = ReportPreflightRule<typeof MESSAGES>;

function checkTools(tools: unknown, prefix: string, shape: GeminiRequestShape, report: Report): (name: unknown) => boolean {
  const names = report.names(GEMINI_TOOL_NAME_RULE, {
    invalid: (name) =>
      `function name ${describeValue(name)} must start with a letter or an underscore and hold only a-z, A-Z, 0-9, _ . - (at most 64 characters)`,
    duplicate: (name, first) => `function \`${name}\` is also declared at \`${first}\``,
  });
  if (tools === undefined || tools === null || !report.array(tools, `${prefix}tools`)) return names.has;
  let count = 0;
  const holders: number[] = [];
  tools.forEach((tool: unknown, index) => {
    const at = `${prefix}tools[${index}]`;
    if (!report.record(tool, at, 'a tool')) return;
    if (tool.functionDeclarations === undefined || tool.functionDeclarations === null) return;
    if (!report.array(tool.functionDeclarations, `${at}.functionDeclarations`)) return;
    holders.push(index);
    count += tool.functionDeclarations.length;
    tool.functionDeclarations.forEach((declaration: unknown, position) => {
      const path = `${at}.functionDeclarations[${position}]`;
      if (!report.record(declaration, path, 'a function declaration')) return;
      const name = declaration.name;
      names.check(name, path);
      const hasParameters = declaration.parameters !== undefined && declaration.parameters !== null;
      const hasJSONSchema = declaration.parametersJsonSchema !== undefined && declaration.parametersJsonSchema !== null;
      if (hasParameters && hasJSONSchema) report('parameters-and-json-schema', path, name);
      else if (hasParameters) {
        const problem = resolveGeminiParametersProblem(declaration.parameters, shape);
        if (problem !== null) report('unsupported-schema-keyword', `${path}.parameters`, name, problem);
      }
    });
  });
  if (holders.length > 1) report('multiple-function-tools', `${prefix}tools[${holders[1] as number}]`, holders.length);
  if (count > GEMINI_MAX_FUNCTION_DECLARATIONS) report('too-many-function-declarations', `${prefix}tools`, count);
  return names.has;
}
