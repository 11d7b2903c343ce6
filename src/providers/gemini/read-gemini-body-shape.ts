import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { isRecord } from '../../records/is-record.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import type { GeminiRequestShape } from './gemini-api.js';

/** A Gemini body checked to be an object, its shape, and the object holding its settings. */
export interface GeminiBodyShape {
  readonly request: Record<string, unknown>;
  readonly shape: GeminiRequestShape;
  /** Where `tools`, `systemInstruction` and `toolConfig` live: `config` in the SDK shape, the body in the REST shape. */
  readonly settings: Record<string, unknown>;
  /** How `settings` is named in messages: `config.` or ``. */
  readonly prefix: string;
}

/** The REST shape's top-level settings; in the SDK shape they live in `config`. */
const REST_SETTINGS = ['tools', 'systemInstruction', 'toolConfig', 'generationConfig'] as const;

/** snake_case spellings the REST API also accepts, which this package does not read. */
const SNAKE_CASE = { system_instruction: 'systemInstruction', tool_config: 'toolConfig', function_declarations: 'functionDeclarations' } as const;

/** Checks the body and finds its shape; throws like {@link parseGeminiTools}. */
export function readGeminiBodyShape(body: unknown): GeminiBodyShape {
  const request = parseRequestBody(body, 'a Gemini request object');
  const topLevel = REST_SETTINGS.filter((field) => request[field] !== undefined);
  let shape: GeminiRequestShape;
  let settings: Record<string, unknown>;
  if (request.config !== undefined && request.config !== null) {
    if (!isRecord(request.config)) {
      throw new ToolSearchError('invalid-request', `\`config\` must be an object (the SDK's GenerateContentConfig), got ${describeValue(request.config)}`);
    }
    if (topLevel.length > 0) {
      throw new ToolSearchError(
        'invalid-request',
        `The body has both \`config\` (the @google/genai SDK shape) and top-level ${topLevel.map((field) => `\`${field}\``).join(', ')} (the REST shape); put them in one place`,
      );
    }
    shape = 'sdk';
    settings = request.config;
  } else {
    shape = typeof request.model === 'string' && topLevel.length === 0 ? 'sdk' : 'rest';
    settings = shape === 'sdk' ? {} : request;
  }
  const prefix = shape === 'sdk' ? 'config.' : '';
  for (const [snake, camel] of Object.entries(SNAKE_CASE)) {
    if (snake !== 'function_declarations' && (settings[snake] !== undefined || request[snake] !== undefined)) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${snake}\` is the snake_case spelling of \`${camel}\`; this package reads the camelCase fields only (as the SDK and the REST reference write them)`,
      );
    }
  }
  return { request, shape, settings, prefix };
}
