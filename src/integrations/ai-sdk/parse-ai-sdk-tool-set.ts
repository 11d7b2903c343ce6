import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { AISDKTool } from './ai-sdk-tool-types.js';

/** The warnings {@link parseAISDKToolSet} can give. */
export type AISDKToolSetWarningCode = 'defer-loading-ignored' | 'description-not-searchable';

/** An AI SDK tool set checked for what the integration reads, and the tools as it sends them. */
export interface AISDKToolSetParse {
  /** The tools by name, as they are sent: the caller's objects, without the AI SDK 7's own `deferLoading` flag. */
  readonly tools: Readonly<Record<string, AISDKTool>>;
  /** What was changed or cannot be used as given (AI SDK 7 tool features the search cannot take over). */
  readonly warnings: readonly ToolSearchWarning<AISDKToolSetWarningCode>[];
}

/** The mark of a schema made by the AI SDK's `jsonSchema()` / `zodSchema()` (the same global symbol in 6 and 7). */
const SCHEMA_MARK = Symbol.for('vercel.ai.schema');

/** The mark of AI SDK 7's own search tool, `toolSearch()` (a global symbol). */
const AI_SDK_TOOL_SEARCH_MARK = Symbol.for('vercel.ai.toolSearch');

/** The AI SDK's tool types (`type`); `undefined` is a function tool. */
const TOOL_TYPES: ReadonlySet<unknown> = new Set([undefined, 'function', 'dynamic', 'provider']);

/**
 * Checks an AI SDK tool set (`ai` 6 or 7) for what the integration reads, once, when it is created: every entry a
 * tool, every function tool's `inputSchema` one the AI SDK can read (`jsonSchema()`, `zodSchema()`, a zod or other
 * Standard Schema, a lazy schema, or none). A plain JSON Schema object is rejected, as the AI SDK itself cannot send it
 * (its `asSchema` calls it as a lazy schema); the message says to wrap it in `jsonSchema()`.
 *
 * AI SDK 7's own tool search flag, `deferLoading: true`, is removed from the tools the integration sends (with a
 * `defer-loading-ignored` warning): this package decides what is deferred, and the AI SDK would otherwise hide such a
 * tool until its own `toolSearch()` found it. A tool whose `description` is a function of the call's context (AI SDK
 * 7) is sent as it is, but indexed for search by its name alone (`description-not-searchable`).
 *
 * AI SDK 7's own search tool (`toolSearch()` from 'ai') is rejected: one agent gets one search, and this package sends its
 * own `tool_search`.
 *
 * Throws a `ToolSearchError` (`invalid-tools`) naming the tool and the fix.
 */
export function parseAISDKToolSet(tools: unknown): AISDKToolSetParse {
  if (!isRecord(tools)) {
    throw new ToolSearchError(
      'invalid-options',
      `createAISDKToolSearch: \`tools\` must be an AI SDK tool set (an object of tools), got ${describeValue(tools)}`,
    );
  }
  // Entries, made an object at the end: assigning a tool named `__proto__` would set the prototype instead of a key.
  const sent: [string, AISDKTool][] = [];
  const deferring: string[] = [];
  const described: string[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    if (!isRecord(tool)) {
      throw new ToolSearchError(
        'invalid-tools',
        `createAISDKToolSearch: \`tools.${name}\` must be an AI SDK tool (\`tool({ … })\`, \`dynamicTool({ … })\`, an MCP or provider tool), got ${describeValue(tool)}; remove the entry or give it a tool`,
      );
    }
    if (!TOOL_TYPES.has(tool.type as string | undefined)) {
      throw new ToolSearchError(
        'invalid-tools',
        `createAISDKToolSearch: \`tools.${name}.type\` must be 'function', 'dynamic' or 'provider' (or absent), got ${describeValue(tool.type)}`,
      );
    }
    if ((tool as Record<symbol, unknown>)[AI_SDK_TOOL_SEARCH_MARK] === true) {
      throw new ToolSearchError(
        'invalid-tools',
        `createAISDKToolSearch: \`tools.${name}\` is the AI SDK's own \`toolSearch()\`; tool search sends its own \`tool_search\`, so remove \`${name}\` (and any \`deferLoading\`) from the tool set`,
      );
    }
    if (tool.type !== 'provider') {
      const schema = tool.inputSchema;
      const readable = schema === undefined || typeof schema === 'function' || (isRecord(schema) && (SCHEMA_MARK in schema || '~standard' in schema));
      if (!readable) {
        throw new ToolSearchError(
          'invalid-tools',
          `createAISDKToolSearch: \`tools.${name}.inputSchema\` must be a schema the AI SDK reads (\`jsonSchema({ … })\` or \`zodSchema(…)\` from 'ai', a zod or other Standard Schema), got ${isRecord(schema) ? 'a plain object' : describeValue(schema)}; a JSON Schema object goes in \`jsonSchema(…)\`: \`inputSchema: jsonSchema(${isRecord(schema) ? 'yourSchema' : '…'})\``,
        );
      }
      if (typeof tool.description === 'function') described.push(name);
    }
    if (tool.deferLoading === true) deferring.push(name);
    const { deferLoading: _deferLoading, ...rest } = tool;
    // A tool without the flag is sent as the caller's own object.
    sent.push([name, ('deferLoading' in tool ? rest : tool) as AISDKTool]);
  }
  const warnings: ToolSearchWarning<AISDKToolSetWarningCode>[] = [];
  const listed = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');
  if (deferring.length > 0) {
    warnings.push({
      code: 'defer-loading-ignored',
      message: `${listed(deferring)} ${deferring.length === 1 ? 'has' : 'have'} \`deferLoading: true\` (the AI SDK's own tool search); tool search decides what is deferred and sends ${deferring.length === 1 ? 'it' : 'them'} without the flag, as its plan says`,
    });
  }
  if (described.length > 0) {
    warnings.push({
      code: 'description-not-searchable',
      message: `${listed(described)} ${described.length === 1 ? 'has a `description` that is a function' : 'have a `description` that is a function'} of the call's context; ${described.length === 1 ? 'it is' : 'they are'} sent as given, but searched by name alone; give a string \`description\` to make ${described.length === 1 ? 'it' : 'them'} searchable`,
    });
  }
  return { tools: Object.fromEntries(sent), warnings };
}
