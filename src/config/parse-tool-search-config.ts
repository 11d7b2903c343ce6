import { z } from 'zod';
import { ToolSearchConfigError, type ToolSearchConfigIssue } from '../errors/tool-search-config-error.js';
import { describeValue } from '../errors/describe-value.js';
import {
  DEFAULT_TOOL_SEARCH_THRESHOLD,
  TOOL_LISTINGS,
  TOOL_REVEAL_CHOICES,
  TOOL_SEARCH_RANKINGS,
  type SeedCapabilityId,
  type ToolListingRequest,
  type ToolRevealChoice,
  type ToolSearchConfig,
  type ToolSearchRankingRequest,
  type ToolSearchConfigInput,
  type ToolSearchMechanismChoice,
  type ToolSearchPreference,
} from './tool-search-config.js';

const SEED_IDS: readonly SeedCapabilityId[] = ['auto_tool_search', 'openai_tool_search', 'claude_tool_search', 'tool_search'];
const MECHANISM_ORDER: readonly ToolSearchMechanismChoice[] = ['openai', 'claude', 'client'];
const SEED_MECHANISMS: Record<Exclude<SeedCapabilityId, 'auto_tool_search'>, ToolSearchMechanismChoice> = {
  openai_tool_search: 'openai',
  claude_tool_search: 'claude',
  tool_search: 'client',
};

const threshold = z
  .number({ error: 'must be a whole number ≥ 0' })
  .int({ error: 'must be a whole number ≥ 0' })
  .min(0, { error: 'must be a whole number ≥ 0' });
const toolNames = z.array(z.string({ error: 'must be a tool name (a string)' }).min(1, { error: 'must be a non-empty tool name' }), {
  error: 'must be a list of tool names (strings)',
});
const LISTING_REQUESTS: readonly ToolListingRequest[] = ['auto', ...TOOL_LISTINGS];
const listing = z.enum(LISTING_REQUESTS as [ToolListingRequest, ...ToolListingRequest[]], {
  error: `must be one of ${LISTING_REQUESTS.map((mode) => `'${mode}'`).join(', ')}`,
});
const reveal = z.enum(TOOL_REVEAL_CHOICES as [ToolRevealChoice, ...ToolRevealChoice[]], {
  error: `must be one of ${TOOL_REVEAL_CHOICES.map((mode) => `'${mode}'`).join(', ')}`,
});
const SEARCH_REQUESTS: readonly ToolSearchRankingRequest[] = ['auto', ...TOOL_SEARCH_RANKINGS];
const search = z.enum(SEARCH_REQUESTS as [ToolSearchRankingRequest, ...ToolSearchRankingRequest[]], {
  error: `must be one of ${SEARCH_REQUESTS.map((mode) => `'${mode}'`).join(', ')}`,
});

/** The defaults of the settings every form may set (see `ToolSearchOptions`). */
const DEFAULT_LISTING: ToolListingRequest = 'auto';
const DEFAULT_REVEAL: ToolRevealChoice = 'auto';
const DEFAULT_SEARCH: ToolSearchRankingRequest = 'auto';

const optionsSchema = z.strictObject({
  mechanism: z.enum(['auto', 'openai', 'claude', 'client'], { error: "must be one of 'auto', 'openai', 'claude', 'client'" }).optional(),
  threshold: threshold.optional(),
  neverDefer: toolNames.optional(),
  listing: listing.optional(),
  reveal: reveal.optional(),
  search: search.optional(),
});
const seedConfigSchema = z.strictObject(
  { threshold: threshold.optional(), never_defer: toolNames.optional(), listing: listing.optional(), reveal: reveal.optional(), search: search.optional() },
  { error: 'must be an object' },
);
const seedRefSchema = z.strictObject({
  ref: z.enum(SEED_IDS as [SeedCapabilityId, ...SeedCapabilityId[]], {
    error: `must be one of ${SEED_IDS.map((id) => `'${id}'`).join(', ')}`,
  }),
  config: seedConfigSchema.nullish(),
});
const resolvedSchema = z.strictObject({
  preferences: z
    .array(z.strictObject({ mechanism: z.enum(MECHANISM_ORDER as [ToolSearchMechanismChoice]), threshold, explicit: z.boolean() }))
    .min(1, { error: 'must list at least one mechanism' }),
  neverDefer: toolNames,
  listing,
  reveal,
  search,
});

/** Configurations this module produced, so passing one back in costs nothing. */
const parsedConfigs = new WeakSet<ToolSearchConfig>();

/** Code-side additions merged into whatever the configuration says. */
export interface ToolSearchConfigOverrides {
  /** Names never deferred, merged with the configuration's own list (the seed's `with_never_defer`). */
  readonly neverDefer?: readonly string[];
}

/**
 * Validates a tool search configuration once and resolves it to a {@link ToolSearchConfig}.
 *
 * Accepts every form: the seed's `"auto_tool_search"` (or any of its four capability ids),
 * `{ ref, config: { threshold, never_defer } }`, `{ capabilities: [...] }`, and the TypeScript form
 * `{ mechanism, threshold, neverDefer, listing, reveal, search }`. `undefined` gives the defaults: mechanism `auto`,
 * threshold 15, listing `auto`, reveal `auto`, search `auto`. A configuration this function already returned
 * is passed through unchanged.
 *
 * Throws a {@link ToolSearchConfigError} naming the field, the rule and the value given, e.g.
 * ``"`threshold` must be a whole number ≥ 0, got -1"``. Combining `auto_tool_search` with another tool search
 * capability is an error (it already provides all three paths), as is listing one capability twice, and so is
 * `reveal: 'native'` with `listing: 'full'` or `'compact'` (native delivery lists deferred tools by name or not at
 * all; `reveal: 'auto'` with those listings resolves to `conversation` instead).
 *
 * @example
 * ```ts
 * import { parseToolSearchConfig } from 'tool-search';
 * parseToolSearchConfig({ ref: 'tool_search', config: { threshold: 20, never_defer: ['read_file'] } });
 * parseToolSearchConfig({ mechanism: 'client', listing: 'compact' }, { neverDefer: ['bash'] });
 * ```
 */
export function parseToolSearchConfig(input?: ToolSearchConfigInput | null, overrides?: ToolSearchConfigOverrides): ToolSearchConfig {
  if (overrides === undefined && input !== null && typeof input === 'object' && parsedConfigs.has(input as ToolSearchConfig)) {
    return input as ToolSearchConfig;
  }
  const issues: ToolSearchConfigIssue[] = [];
  const draft = readInput(input, issues);
  if (draft !== undefined) checkRevealListing(draft, issues);
  const extra = overrides?.neverDefer === undefined ? undefined : validate(toolNames, overrides.neverDefer, 'neverDefer', issues);
  if (issues.length > 0 || draft === undefined) throw new ToolSearchConfigError(issues);
  const config: ToolSearchConfig = Object.freeze({
    preferences: Object.freeze(draft.preferences.map((preference) => Object.freeze({ ...preference }))),
    neverDefer: Object.freeze([...new Set([...draft.neverDefer, ...(extra ?? [])])]),
    listing: draft.listing,
    reveal: draft.reveal,
    search: draft.search,
  });
  parsedConfigs.add(config);
  return config;
}

interface Draft {
  preferences: ToolSearchPreference[];
  neverDefer: string[];
  listing: ToolListingRequest;
  reveal: ToolRevealChoice;
  search: ToolSearchRankingRequest;
}

function readInput(input: unknown, issues: ToolSearchConfigIssue[]): Draft | undefined {
  if (input === undefined || input === null) return optionsToDraft({});
  if (typeof input === 'string') return seedToDraft([{ value: input, path: '' }], issues, false);
  if (typeof input !== 'object' || Array.isArray(input)) {
    issues.push({
      path: '',
      message: `the configuration must be a capability id, \`{ ref, config }\`, \`{ capabilities: [...] }\` or \`{ mechanism, threshold, neverDefer, listing, reveal, search }\`, got ${describeValue(input)}`,
    });
    return undefined;
  }
  if ('capabilities' in input) {
    const { capabilities, ...rest } = input as { capabilities: unknown };
    for (const key of Object.keys(rest)) {
      issues.push({ path: key, message: `\`${key}\` is not allowed next to \`capabilities\`` });
    }
    if (!Array.isArray(capabilities)) {
      issues.push({ path: 'capabilities', message: `\`capabilities\` must be a list, got ${describeValue(capabilities)}` });
      return undefined;
    }
    return seedToDraft(
      capabilities.map((value, index) => ({ value, path: `capabilities[${index}]` })),
      issues,
      true,
    );
  }
  if ('ref' in input) return seedToDraft([{ value: input, path: '' }], issues, false);
  if ('preferences' in input) {
    // A resolved configuration from an earlier version may lack the newer settings: they take their defaults.
    const withDefaults = { reveal: DEFAULT_REVEAL, search: DEFAULT_SEARCH, ...(input as object) };
    return validate(resolvedSchema, withDefaults, '', issues);
  }
  const options = validate(optionsSchema, input, '', issues);
  return options === undefined ? undefined : optionsToDraft(options);
}

function optionsToDraft(options: z.infer<typeof optionsSchema>): Draft {
  const mechanism = options.mechanism ?? 'auto';
  const limit = options.threshold ?? DEFAULT_TOOL_SEARCH_THRESHOLD;
  return {
    preferences:
      mechanism === 'auto'
        ? MECHANISM_ORDER.map((choice) => ({ mechanism: choice, threshold: limit, explicit: false }))
        : [{ mechanism, threshold: limit, explicit: true }],
    neverDefer: [...(options.neverDefer ?? [])],
    listing: options.listing ?? DEFAULT_LISTING,
    reveal: options.reveal ?? DEFAULT_REVEAL,
    search: options.search ?? DEFAULT_SEARCH,
  };
}

/**
 * Reads the seed's capability references. Inside a `capabilities` list (`inList`), entries that are not tool search
 * capabilities belong to the agent's other capabilities and are skipped, unless their id looks like a misspelt
 * tool search id.
 */
function seedToDraft(entries: readonly { value: unknown; path: string }[], issues: ToolSearchConfigIssue[], inList: boolean): Draft | undefined {
  const preferences: ToolSearchPreference[] = [];
  const neverDefer: string[] = [];
  // Settings a capability's `config` may give; each must agree across the list's capabilities.
  const settings = { listing: new Map<string, string>(), reveal: new Map<string, string>(), search: new Map<string, string>() };
  const seen = new Map<SeedCapabilityId, string>();
  for (const { value, path } of entries) {
    const reference = typeof value === 'string' ? { ref: value } : value;
    const refPath = join(path, 'ref');
    const ref = typeof reference === 'object' && reference !== null ? (reference as { ref?: unknown }).ref : undefined;
    if (inList && !isToolSearchLike(ref)) continue;
    const parsed = validate(seedRefSchema, reference, path, issues);
    if (parsed === undefined) continue;
    const previous = seen.get(parsed.ref);
    if (previous !== undefined) {
      issues.push({ path: refPath, message: `\`${refPath}\` lists \`${parsed.ref}\` again (already at \`${previous}\`); list each capability once` });
      continue;
    }
    seen.set(parsed.ref, refPath);
    const limit = parsed.config?.threshold ?? DEFAULT_TOOL_SEARCH_THRESHOLD;
    if (parsed.ref === 'auto_tool_search') {
      preferences.push(...MECHANISM_ORDER.map((mechanism) => ({ mechanism, threshold: limit, explicit: false })));
    } else {
      preferences.push({ mechanism: SEED_MECHANISMS[parsed.ref], threshold: limit, explicit: true });
    }
    neverDefer.push(...(parsed.config?.never_defer ?? []));
    for (const key of ['listing', 'reveal', 'search'] as const) {
      const value = parsed.config?.[key];
      if (value !== undefined) settings[key].set(value, join(path, `config.${key}`));
    }
  }
  const auto = seen.get('auto_tool_search');
  if (auto !== undefined && seen.size > 1) {
    const others = [...seen.keys()].filter((id) => id !== 'auto_tool_search').map((id) => `\`${id}\``);
    issues.push({
      path: auto,
      message: `\`auto_tool_search\` cannot be combined with ${others.join(', ')}: it already provides all three mechanisms`,
    });
  }
  for (const [key, values] of Object.entries(settings)) {
    if (values.size <= 1) continue;
    issues.push({
      path: [...values.values()].join(', '),
      message: `\`${key}\` is set to different values (${[...values].map(([mode, at]) => `'${mode}' at \`${at}\``).join(', ')}); set it once`,
    });
  }
  if (inList && preferences.length === 0 && issues.length === 0) {
    issues.push({
      path: 'capabilities',
      message: `\`capabilities\` lists no tool search capability; add one of ${SEED_IDS.map((id) => `\`${id}\``).join(', ')}`,
    });
  }
  if (issues.length > 0) return undefined;
  preferences.sort((a, b) => MECHANISM_ORDER.indexOf(a.mechanism) - MECHANISM_ORDER.indexOf(b.mechanism));
  return {
    preferences,
    neverDefer,
    listing: ([...settings.listing.keys()][0] as ToolListingRequest | undefined) ?? DEFAULT_LISTING,
    reveal: ([...settings.reveal.keys()][0] as ToolRevealChoice | undefined) ?? DEFAULT_REVEAL,
    search: ([...settings.search.keys()][0] as ToolSearchRankingRequest | undefined) ?? DEFAULT_SEARCH,
  };
}

/**
 * `reveal: 'native'` appends loaded definitions to the conversation and sends no stubs, so a listing that puts stubs in
 * the tool list (`full`, `compact`) contradicts it when both are asked for by name.
 */
function checkRevealListing(draft: Draft, issues: ToolSearchConfigIssue[]): void {
  if (draft.reveal !== 'native' || (draft.listing !== 'full' && draft.listing !== 'compact')) return;
  issues.push({
    path: 'reveal',
    message:
      `\`reveal: 'native'\` cannot be combined with \`listing: '${draft.listing}'\`: native delivery adds a loaded tool to the conversation ` +
      "and puts no stubs in the tool list; use `listing: 'auto'`, `'names'` or `'none'`, or `reveal: 'auto'` (which keeps the listing and " +
      'reveals in the conversation)',
  });
}

/** An id that is a tool search capability or a near miss of one (`toolsearch`, `Tool_Search_Auto`, …). */
function isToolSearchLike(ref: unknown): boolean {
  return (
    typeof ref !== 'string' ||
    ref
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .includes('toolsearch')
  );
}

function validate<Schema extends z.ZodType>(schema: Schema, value: unknown, path: string, issues: ToolSearchConfigIssue[]): z.infer<Schema> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const at = join(path, formatPath(issue.path));
    if (issue.code === 'unrecognized_keys') {
      const where = at === '' ? 'the configuration' : `\`${at}\``;
      const known = Object.keys((schema as unknown as z.ZodObject).shape ?? {}).map((key) => `\`${key}\``);
      for (const key of issue.keys) {
        issues.push({ path: join(at, key), message: `${where} has an unknown option \`${key}\`; the options are ${known.join(', ')}` });
      }
      continue;
    }
    const field = at === '' ? 'the configuration' : `\`${at}\``;
    issues.push({ path: at, message: `${field} ${issue.message}, got ${describeValue(valueAt(value, issue.path))}` });
  }
  return undefined;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : join(text, String(key))), '');
}

function join(path: string, key: string): string {
  if (path === '') return key;
  if (key === '') return path;
  return key.startsWith('[') ? `${path}${key}` : `${path}.${key}`;
}
