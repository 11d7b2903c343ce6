import { resolveToolList } from '../src/request/resolve-tool-list.js';
import { assertNever } from '../src/errors/assert-never.js';
import { TOOL_SEARCH_TOOL_NAME, STUB_INPUT_SCHEMA } from '../src/tools/tool-search-tool-definition.js';
import type { ToolListing } from '../src/config/tool-search-config.js';
import { resolveToolSearch } from '../src/plan/resolve-tool-search.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { countTokens } from './count-tokens.js';
import { resolveLibrarySurfaceTools, type PromptSurface } from './prompt-surface.js';
import { resolveSeedPromptSize, type SeedSizedTool } from './resolve-seed-prompt-size.js';
import { SEED_TOOL_SEARCH_DEFINITION, SEED_TOOL_SEARCH_GUIDANCE } from './seed-tool-search-definition.js';

/**
 * What is sent for one surface, in the seed's measure.
 *
 * - `full-schemas`: every tool with its whole schema, no deferral (the baseline).
 * - `seed`: the seed's rule (threshold 15, fresh session): every tool but `tool_search` gets the stub schema; the
 *   seed's own `tool_search` definition and note.
 * - `client-default`: the library's client-side tool list with the configuration's defaults (the `auto` listing,
 *   reveals in the conversation), nothing revealed yet, with the library's tools and note.
 * - `client-full` / `client-compact` / `client-names` / `client-none`: the same in each listing mode.
 * - `floor`: names and descriptions of the deferred tools with no schema at all, plus the library's `tool_search`
 *   in full, and no note: what any deferral that keeps descriptions whole must at least send.
 */
export type SeedMeasureVariant = 'full-schemas' | 'seed' | 'client-default' | 'client-full' | 'client-compact' | 'client-names' | 'client-none' | 'floor';

/** The variants, in table order. */
export const SEED_MEASURE_VARIANTS: readonly SeedMeasureVariant[] = [
  'full-schemas',
  'seed',
  'client-default',
  'client-full',
  'client-compact',
  'client-names',
  'client-none',
  'floor',
];

/** One variant's figures. */
export interface SeedMeasureRow {
  readonly variant: SeedMeasureVariant;
  /** The seed's measure: Σ compact JSON `{name, description, parameters}`. */
  readonly toolListBytes: number;
  readonly parameterBytes: number;
  /** The system-prompt note the variant adds (UTF-8 bytes); 0 for the baseline and the floor. */
  readonly noteBytes: number;
  /** o200k tokens of the serialized tool list plus the note. */
  readonly tokens: number;
  /** The baseline this row compares with (the seed's row has its own, with the seed's `tool_search`). */
  readonly baseline: { readonly toolListBytes: number; readonly parameterBytes: number; readonly tokens: number };
  /** Tools sent with the stub schema, or not sent at all (`names`). */
  readonly deferred: number;
}

/** The client model the plans are made for; any model works with `mechanism: 'client'`. */
const CLIENT_MODEL = 'gemini-2.5-pro';

/** Measures every {@link SeedMeasureVariant} for one surface. Pure: no timing, same input → same figures. */
export function measureSeedPromptSize(surface: PromptSurface, tokenizeUpTo = Number.POSITIVE_INFINITY): SeedMeasureRow[] {
  const describe = (tools: readonly SeedSizedTool[], note: string) => describeSize(tools, note, tokenizeUpTo);
  const baselineTools = surface.tools.map(sized);
  const baseline = describe(baselineTools, '');
  const rows: SeedMeasureRow[] = [];
  for (const variant of SEED_MEASURE_VARIANTS) {
    switch (variant) {
      case 'full-schemas':
        rows.push({ variant, ...baseline, baseline, deferred: 0 });
        break;
      case 'seed': {
        const withSeedSearch = [...surface.tools.filter((tool) => tool.name !== TOOL_SEARCH_TOOL_NAME), SEED_TOOL_SEARCH_DEFINITION];
        const seedBaseline = surface.tools.some((tool) => tool.name === TOOL_SEARCH_TOOL_NAME) ? describe(withSeedSearch.map(sized), '') : baseline;
        // The seed's hook: below the threshold nothing changes; at or above it every tool but `tool_search` is stubbed.
        const defer = withSeedSearch.length >= 15;
        const sent = withSeedSearch.map((tool) =>
          defer && tool.name !== TOOL_SEARCH_TOOL_NAME ? { ...sized(tool), parameters: STUB_INPUT_SCHEMA } : sized(tool),
        );
        rows.push({
          variant,
          ...describe(sent, defer ? SEED_TOOL_SEARCH_GUIDANCE : ''),
          baseline: seedBaseline,
          deferred: defer ? withSeedSearch.length - 1 : 0,
        });
        break;
      }
      case 'client-default':
      case 'client-full':
      case 'client-compact':
      case 'client-names':
      case 'client-none': {
        const { sent, note, deferred } = resolveClientToolList(resolveLibrarySurfaceTools(surface), listingOf(variant));
        rows.push({ variant, ...describe(sent, note), baseline, deferred });
        break;
      }
      case 'floor': {
        const { sent, deferred } = resolveClientToolList(resolveLibrarySurfaceTools(surface), 'full');
        const floor = sent.map((tool) => (tool.parameters === STUB_INPUT_SCHEMA ? { name: tool.name, description: tool.description } : tool));
        rows.push({ variant, ...describe(floor, ''), baseline, deferred });
        break;
      }
      default:
        assertNever(variant, 'variant');
    }
  }
  return rows;
}

/** The library's client-side tool list for a fresh session, in the seed's per-tool shape, with its note. */
export function resolveClientToolList(
  tools: readonly ToolDefinition[],
  listing: ToolListing | undefined,
): { sent: SeedSizedTool[]; note: string; deferred: number } {
  const plan = resolveToolSearch(CLIENT_MODEL, tools, listing === undefined ? { mechanism: 'client' } : { mechanism: 'client', listing });
  const list = resolveToolList(plan, tools, { revealed: [] });
  return {
    sent: list.tools.map((entry) => ({ name: entry.name, description: entry.description, parameters: entry.inputSchema })),
    note: list.guidance ?? '',
    deferred: plan.tools.filter((tool) => tool.status === 'deferred').length,
  };
}

/** The listing a variant asks for; `undefined` for the configuration's default. */
function listingOf(variant: 'client-default' | 'client-full' | 'client-compact' | 'client-names' | 'client-none'): ToolListing | undefined {
  return variant === 'client-default' ? undefined : (variant.slice('client-'.length) as ToolListing);
}

function sized(tool: ToolDefinition): SeedSizedTool {
  return { name: tool.name, description: tool.description, parameters: tool.inputSchema };
}

function describeSize(tools: readonly SeedSizedTool[], note: string, tokenizeUpTo: number) {
  const size = resolveSeedPromptSize(tools);
  const text = JSON.stringify(tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })));
  return {
    toolListBytes: size.toolListBytes,
    parameterBytes: size.parameterBytes,
    noteBytes: Buffer.byteLength(note),
    tokens: countTokens(note === '' ? text : `${text}\n\n${note}`, tokenizeUpTo),
  };
}
