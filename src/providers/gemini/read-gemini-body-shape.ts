import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { isRecord } from '../../records/is-record.js';
import { quoteNames } from '../../text/quote-names.js';
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
  /** The REST shape's settings the body has at its top level. */
  readonly topLevel: readonly string[];
}

/** The REST shape's top-level settings; in the SDK shape they live in `config`. */
const REST_SETTINGS = ['tools', 'systemInstruction', 'toolConfig', 'generationConfig'] as const;

/**
 * A body's shape, without checking it: the SDK shape when it has `config` (then `config` holds the settings, whatever
 * it is), or `model` and no top-level settings; else the REST shape.
 */
export function resolveGeminiBodyShape(request: Record<string, unknown>): GeminiBodyShape {
  const topLevel = REST_SETTINGS.filter((field) => request[field] !== undefined);
  const hasConfig = request.config !== undefined && request.config !== null;
  const shape = hasConfig || (typeof request.model === 'string' && topLevel.length === 0) ? 'sdk' : 'rest';
  const settings = hasConfig ? (request.config as Record<string, unknown>) : shape === 'sdk' ? {} : request;
  return { request, shape, settings, prefix: shape === 'sdk' ? 'config.' : '', topLevel };
}

/** snake_case spellings the REST API also accepts, which this package does not read. */
const SNAKE_CASE = { system_instruction: 'systemInstruction', tool_config: 'toolConfig' } as const;

/** Checks the body and finds its shape; throws like `parseGeminiTools`. */
export function readGeminiBodyShape(body: unknown): GeminiBodyShape {
  const found = resolveGeminiBodyShape(parseRequestBody(body, 'a Gemini request object'));
  const { request, settings, topLevel } = found;
  const configured = request.config !== undefined && request.config !== null;
  if (configured && !isRecord(request.config)) {
    throw new ToolSearchError('invalid-request', `\`config\` must be an object (the SDK's GenerateContentConfig), got ${describeValue(request.config)}`);
  }
  if (configured && topLevel.length > 0) {
    throw new ToolSearchError(
      'invalid-request',
      `The body has both \`config\` (the @google/genai SDK shape) and top-level ${quoteNames(topLevel)} (the REST shape); put them in one place`,
    );
  }
  for (const [snake, camel] of Object.entries(SNAKE_CASE)) {
    if (settings[snake] !== undefined || request[snake] !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`${snake}\` is the snake_case spelling of \`${camel}\`; this package reads the camelCase fields only (as the SDK and the REST reference write them)`,
      );
    }
  }
  return found;
}
