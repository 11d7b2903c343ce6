import { TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME } from '../src/tools/tool-search-tool-definition.js';
import type { ToolListing } from '../src/config/tool-search-config.js';
import { resolveBenchPlan, type BenchTool, type BenchWireAdapter } from './bench-wire-adapters.js';
import { countTokens } from './count-tokens.js';
import { resolveLibrarySurfaceTools, type PromptSurface } from './prompt-surface.js';
import { resolveModelVisibleTools } from '../src/cli/resolve-model-visible-tools.js';

/** Bytes and o200k tokens of what a request carries for its tools: the `tools` slot plus what was added to the system text. */
export interface RequestPromptSize {
  /** UTF-8 bytes of `JSON.stringify(body.tools)`. */
  readonly toolsBytes: number;
  /** UTF-8 bytes added to the system text (the library's note), 0 for the baseline. */
  readonly noteBytes: number;
  /** o200k tokens of the tools JSON plus the added system text; `NaN` when not counted. */
  readonly tokens: number;
}

/** One surface on one API: the baseline, the client listings, the floor, and (where the API has one) hosted search. */
export interface RequestPromptSizeRow {
  readonly surface: PromptSurface;
  readonly api: BenchWireAdapter['api'];
  readonly baseline: RequestPromptSize;
  readonly client: { readonly [listing in ToolListing]: RequestPromptSize };
  /** Names and descriptions with no schema, plus the library's `tool_search` in full, in this API's tool shape. */
  readonly floor: RequestPromptSize;
  /** The API's hosted mechanism; OpenAI's twice: tools top-level (the default) and grouped by name prefix. */
  readonly hosted: readonly HostedPromptSize[];
  /** Warning codes the transformers returned (e.g. names mapped). */
  readonly warnings: readonly string[];
}

/** A hosted mechanism's request and what its provider documents that the model sees. */
export interface HostedPromptSize {
  readonly mechanism: 'openai-hosted' | 'claude-hosted';
  /** OpenAI only: uncategorized tools stay top-level, or are grouped into one namespace per name prefix. */
  readonly namespaces: 'top-level' | 'name-prefix' | null;
  /** The request body's tools slot: every definition is still sent, deferred ones flagged. */
  readonly request: RequestPromptSize;
  /**
   * What the provider documents the model sees up front, as compact JSON per visible entry. OpenAI (providers.md
   * 2.2): a deferred top-level function shows its name and description, a namespace only its name and description;
   * loaded functions and the `tool_search` entry in full. Anthropic (1.3, 1.8): deferred tools are not rendered at all
   * until discovered; the search tool and loaded tools in full.
   */
  readonly modelSees: RequestPromptSize;
  /** Deferred entries in the request (functions flagged `defer_loading`). */
  readonly deferred: number;
}

const LISTINGS: readonly ToolListing[] = ['full', 'compact', 'names'];

/**
 * Measures the bytes and tokens one API's request really carries for a surface's tools: the body a user builds
 * without this package, then the package's transformer output for each client listing and for the API's hosted
 * mechanism, on the first turn of a fresh session (nothing revealed).
 */
export function measureRequestPromptSize(surface: PromptSurface, adapter: BenchWireAdapter, tokenizeUpTo = Number.POSITIVE_INFINITY): RequestPromptSizeRow {
  const body = adapter.createBody(surface.tools);
  // The body the library transforms: the seed's surface counts the library's own `tool_search` in, which it adds itself.
  const libraryBody = surface.ownSearchTool === true ? adapter.createBody(resolveLibrarySurfaceTools(surface)) : body;
  const baseSlots = adapter.promptSlots(body);
  // The hosted request's tokens are never shown (only what the model sees is), so they are not counted.
  const size = (output: object, tokenize = true): RequestPromptSize => {
    const slots = adapter.promptSlots(output);
    const toolsText = JSON.stringify(slots.tools);
    const note = slots.system.startsWith(baseSlots.system) ? slots.system.slice(baseSlots.system.length) : slots.system;
    const tokens = tokenize ? countTokens(note === '' ? toolsText : `${toolsText}${note}`, tokenizeUpTo) : Number.NaN;
    return { toolsBytes: Buffer.byteLength(toolsText), noteBytes: Buffer.byteLength(note), tokens };
  };
  const warnings = new Set<string>();
  const client = {} as Record<ToolListing, RequestPromptSize>;
  for (const listing of LISTINGS) {
    const plan = resolveBenchPlan(adapter, libraryBody, { kind: 'client', options: { listing, reveal: 'tool-list' } });
    const output = adapter.transform(libraryBody, plan, []);
    for (const warning of output.warnings) warnings.add(warning.code);
    client[listing] = size(output.body);
  }
  const floorTools: BenchTool[] = [
    ...surface.tools.filter((tool) => tool.name !== TOOL_SEARCH_TOOL_NAME).map((tool) => ({ name: tool.name, description: tool.description })),
    TOOL_SEARCH_TOOL_DEFINITION,
  ];
  const hosted: HostedPromptSize[] = [];
  const mechanism = adapter.hostedMechanism;
  if (mechanism !== null) {
    const plan = resolveBenchPlan(adapter, libraryBody, { kind: 'hosted', options: { search: 'provider' } });
    for (const namespaces of mechanism === 'openai-hosted' ? (['top-level', 'name-prefix'] as const) : [null]) {
      const output = adapter.transform(libraryBody, plan, [], namespaces ?? undefined);
      for (const warning of output.warnings) warnings.add(warning.code);
      const tools = adapter.promptSlots(output.body).tools;
      const visible = resolveModelVisibleTools(mechanism, Array.isArray(tools) ? tools : []);
      const visibleText = JSON.stringify(visible.entries);
      hosted.push({
        mechanism,
        namespaces,
        request: size(output.body, false),
        modelSees: { toolsBytes: Buffer.byteLength(visibleText), noteBytes: 0, tokens: countTokens(visibleText, tokenizeUpTo) },
        deferred: visible.deferred,
      });
    }
  }
  return {
    surface,
    api: adapter.api,
    baseline: size(body),
    client,
    floor: size(adapter.createBody(floorTools)),
    hosted,
    warnings: [...warnings].sort(),
  };
}
