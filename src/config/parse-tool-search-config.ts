import { ToolSearchConfigError, type ToolSearchConfigIssue } from '../errors/tool-search-config-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { parseToolPrediction } from './parse-tool-prediction.js';
import { joinConfigPath, numberCheck, optionalCheck, readConfigFields, reportConfigIssue, type ConfigCheck, type ConfigChecked } from './read-config-fields.js';
import {
  DEFAULT_TOOL_SEARCH_THRESHOLD,
  TOOL_LISTINGS,
  TOOL_REVEAL_CHOICES,
  TOOL_SEARCH_RANKINGS,
  withAutoChoice,
  type SeedCapabilityId,
  type ToolSearchConfig,
  type ToolSearchConfigInput,
  type ToolSearchMechanismChoice,
  type ToolSearchPreference,
} from './tool-search-config.js';
import { quoteNames } from '../text/quote-names.js';

const SEED_IDS: readonly SeedCapabilityId[] = ['auto_tool_search', 'openai_tool_search', 'claude_tool_search', 'tool_search'];
const MECHANISM_ORDER: readonly ToolSearchMechanismChoice[] = ['openai', 'claude', 'client'];
const SEED_MECHANISMS: Readonly<Record<Exclude<SeedCapabilityId, 'auto_tool_search'>, ToolSearchMechanismChoice>> = {
  openai_tool_search: 'openai',
  claude_tool_search: 'claude',
  tool_search: 'client',
};

/** One of `choices`. */
function oneOf<Choice extends string>(choices: readonly Choice[]): ConfigCheck<Choice> {
  return (value, path, issues) => {
    if ((choices as readonly unknown[]).includes(value)) return value as Choice;
    return reportConfigIssue(issues, path, `must be one of ${quoteNames(choices, "'")}`, value);
  };
}

/** A threshold: a whole number ≥ 0. */
const threshold = /* @__PURE__ */ numberCheck((value) => Number.isSafeInteger(value) && value >= 0, 'must be a whole number ≥ 0');

/** A list of non-empty tool names, copied; every wrong entry is reported. */
const toolNames: ConfigCheck<string[]> = (value, path, issues) => {
  if (!Array.isArray(value)) return reportConfigIssue(issues, path, 'must be a list of tool names (strings)', value);
  const count = issues.length;
  for (const [index, name] of value.entries()) {
    if (typeof name !== 'string') reportConfigIssue(issues, `${path}[${index}]`, 'must be a tool name (a string)', name);
    else if (name.length === 0) reportConfigIssue(issues, `${path}[${index}]`, 'must be a non-empty tool name', name);
  }
  return issues.length === count ? [...(value as string[])] : undefined;
};

/** The prediction setting (see `parseToolPrediction`); absent is `auto`. */
const predict: ConfigCheck<ReturnType<typeof parseToolPrediction>['setting']> = (value, path, issues) => {
  const checked = parseToolPrediction(value, path);
  issues.push(...checked.issues);
  return checked.setting;
};

// Marked pure, as each table's calls below: the build puts every module's top level in one file (tsup.config.ts), where
// an app's bundler drops only what it can tell is pure.
const LISTING = /* @__PURE__ */ oneOf(/* @__PURE__ */ withAutoChoice(TOOL_LISTINGS));
const REVEAL = /* @__PURE__ */ oneOf(TOOL_REVEAL_CHOICES);
const SEARCH = /* @__PURE__ */ oneOf(/* @__PURE__ */ withAutoChoice(TOOL_SEARCH_RANKINGS));

/** The fields of each object form, checked in this order (unknown fields are reported last). */
const OPTIONS_FIELDS = {
  mechanism: /* @__PURE__ */ optionalCheck(/* @__PURE__ */ oneOf(/* @__PURE__ */ withAutoChoice(MECHANISM_ORDER))),
  threshold: /* @__PURE__ */ optionalCheck(threshold),
  neverDefer: /* @__PURE__ */ optionalCheck(toolNames),
  listing: /* @__PURE__ */ optionalCheck(LISTING),
  reveal: /* @__PURE__ */ optionalCheck(REVEAL),
  search: /* @__PURE__ */ optionalCheck(SEARCH),
  predict,
} as const;
const SEED_CONFIG_FIELDS = {
  threshold: /* @__PURE__ */ optionalCheck(threshold),
  never_defer: /* @__PURE__ */ optionalCheck(toolNames),
  listing: /* @__PURE__ */ optionalCheck(LISTING),
  reveal: /* @__PURE__ */ optionalCheck(REVEAL),
  search: /* @__PURE__ */ optionalCheck(SEARCH),
} as const;
const SEED_FIELDS = {
  ref: /* @__PURE__ */ oneOf(SEED_IDS),
  config: ((value, path, issues) => {
    if (value === undefined || value === null) return undefined;
    return isRecord(value) ? readConfigFields(value, path, SEED_CONFIG_FIELDS, issues) : reportConfigIssue(issues, path, 'must be an object', value);
  }) as ConfigCheck<ConfigChecked<typeof SEED_CONFIG_FIELDS>>,
} as const;
const PREFERENCE_FIELDS = {
  mechanism: /* @__PURE__ */ oneOf(MECHANISM_ORDER),
  threshold,
  explicit: ((value, path, issues) =>
    typeof value === 'boolean' ? value : reportConfigIssue(issues, path, 'must be a boolean', value)) as ConfigCheck<boolean>,
} as const;
const RESOLVED_FIELDS = {
  preferences: ((value, path, issues) => {
    if (!Array.isArray(value)) return reportConfigIssue(issues, path, 'must be a list of `{ mechanism, threshold, explicit }`', value);
    if (value.length === 0) return reportConfigIssue(issues, path, 'must list at least one mechanism', value);
    return value.map((preference: unknown, index) =>
      isRecord(preference)
        ? readConfigFields(preference, `${path}[${index}]`, PREFERENCE_FIELDS, issues)
        : reportConfigIssue(issues, `${path}[${index}]`, 'must be `{ mechanism, threshold, explicit }`', preference),
    );
  }) as ConfigCheck<ToolSearchPreference[]>,
  neverDefer: toolNames,
  listing: LISTING,
  reveal: REVEAL,
  search: SEARCH,
  predict,
} as const;

/** The mark of a configuration this module produced, so passing one back in costs nothing (a copy is not marked). */
const PARSED_CONFIG: unique symbol = Symbol('tool-search parsed configuration');

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
  if (overrides === undefined && input !== null && typeof input === 'object' && (input as { readonly [PARSED_CONFIG]?: true })[PARSED_CONFIG] === true) {
    return input as ToolSearchConfig;
  }
  const issues: ToolSearchConfigIssue[] = [];
  const draft = readInput(input, issues);
  if (draft !== undefined && draft.reveal === 'native' && (draft.listing === 'full' || draft.listing === 'compact')) {
    // Native delivery appends loaded definitions to the conversation and sends no stubs: a listing that puts stubs in
    // the tool list contradicts it when both are asked for by name.
    issues.push({
      path: 'reveal',
      message:
        `\`reveal: 'native'\` cannot be combined with \`listing: '${draft.listing}'\`: native delivery adds a loaded tool to the conversation ` +
        "and puts no stubs in the tool list; use `listing: 'auto'`, `'names'` or `'none'`, or `reveal: 'auto'` (which keeps the listing and " +
        'reveals in the conversation)',
    });
  }
  const extra = overrides?.neverDefer === undefined ? [] : toolNames(overrides.neverDefer, 'neverDefer', issues);
  if (issues.length > 0 || draft === undefined) throw new ToolSearchConfigError(issues);
  const config: ToolSearchConfig = {
    preferences: Object.freeze(draft.preferences.map((preference) => Object.freeze({ ...preference }))),
    neverDefer: Object.freeze([...new Set([...draft.neverDefer, ...(extra ?? [])])]),
    listing: draft.listing,
    reveal: draft.reveal,
    search: draft.search,
    ...(draft.predict === undefined ? {} : { predict: draft.predict }),
  };
  Object.defineProperty(config, PARSED_CONFIG, { value: true });
  return Object.freeze(config);
}

/** A configuration being read: the resolved shape, not frozen yet (`predict` absent or `undefined`: `auto`). */
type Draft = Omit<ToolSearchConfig, 'preferences' | 'neverDefer' | 'predict'> & {
  preferences: ToolSearchPreference[];
  neverDefer: string[];
  predict?: ToolSearchConfig['predict'] | undefined;
};

function readInput(input: unknown, issues: ToolSearchConfigIssue[]): Draft | undefined {
  if (input === undefined || input === null) return toDraft({}, issues);
  if (typeof input === 'string') return seedToDraft([{ value: input, path: '' }], issues, false);
  if (!isRecord(input)) {
    issues.push({
      path: '',
      message: `the configuration must be a capability id, \`{ ref, config }\`, \`{ capabilities: [...] }\` or \`{ mechanism, threshold, neverDefer, listing, reveal, search }\`, got ${describeValue(input)}`,
    });
    return undefined;
  }
  if ('capabilities' in input) {
    const { capabilities, ...rest } = input;
    for (const key of Object.keys(rest)) issues.push({ path: key, message: `\`${key}\` is not allowed next to \`capabilities\`` });
    if (!Array.isArray(capabilities)) return reportConfigIssue(issues, 'capabilities', 'must be a list', capabilities);
    return seedToDraft(
      capabilities.map((value, index) => ({ value, path: `capabilities[${index}]` })),
      issues,
      true,
    );
  }
  if ('ref' in input) return seedToDraft([{ value: input, path: '' }], issues, false);
  if ('preferences' in input) {
    // A resolved configuration from an earlier version may lack the newer settings: they take their defaults.
    const resolved = readConfigFields({ reveal: 'auto', search: 'auto', ...input }, '', RESOLVED_FIELDS, issues);
    return resolved as Draft | undefined;
  }
  return toDraft(input, issues);
}

/** The TypeScript form (`ToolSearchOptions`), checked and resolved; `undefined` after reporting what is wrong. */
function toDraft(input: Record<string, unknown>, issues: ToolSearchConfigIssue[]): Draft | undefined {
  const options = readConfigFields(input, '', OPTIONS_FIELDS, issues);
  if (options === undefined) return undefined;
  const mechanism = options.mechanism ?? 'auto';
  const limit = options.threshold ?? DEFAULT_TOOL_SEARCH_THRESHOLD;
  return {
    preferences: mechanism === 'auto' ? autoPreferences(limit) : [{ mechanism, threshold: limit, explicit: true }],
    neverDefer: options.neverDefer ?? [],
    listing: options.listing ?? 'auto',
    reveal: options.reveal ?? 'auto',
    search: options.search ?? 'auto',
    predict: options.predict,
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
    const refPath = joinConfigPath(path, 'ref');
    const ref = typeof reference === 'object' && reference !== null ? (reference as { ref?: unknown }).ref : undefined;
    if (inList && !isToolSearchLike(ref)) continue;
    const parsed = isRecord(reference)
      ? readConfigFields(reference, path, SEED_FIELDS, issues)
      : reportConfigIssue(issues, path, 'must be a capability id or `{ ref, config }`', reference);
    if (parsed?.ref === undefined) continue;
    const previous = seen.get(parsed.ref);
    if (previous !== undefined) {
      issues.push({ path: refPath, message: `\`${refPath}\` lists \`${parsed.ref}\` again (already at \`${previous}\`); list each capability once` });
      continue;
    }
    seen.set(parsed.ref, refPath);
    const limit = parsed.config?.threshold ?? DEFAULT_TOOL_SEARCH_THRESHOLD;
    if (parsed.ref === 'auto_tool_search') {
      preferences.push(...autoPreferences(limit));
    } else {
      preferences.push({ mechanism: SEED_MECHANISMS[parsed.ref], threshold: limit, explicit: true });
    }
    neverDefer.push(...(parsed.config?.never_defer ?? []));
    for (const key of ['listing', 'reveal', 'search'] as const) {
      const value = parsed.config?.[key];
      if (value !== undefined) settings[key].set(value, joinConfigPath(path, `config.${key}`));
    }
  }
  const auto = seen.get('auto_tool_search');
  if (auto !== undefined && seen.size > 1) {
    const others = [...seen.keys()].filter((id) => id !== 'auto_tool_search');
    issues.push({
      path: auto,
      message: `\`auto_tool_search\` cannot be combined with ${quoteNames(others)}: it already provides all three mechanisms`,
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
      message: `\`capabilities\` lists no tool search capability; add one of ${quoteNames(SEED_IDS)}`,
    });
  }
  if (issues.length > 0) return undefined;
  preferences.sort((a, b) => MECHANISM_ORDER.indexOf(a.mechanism) - MECHANISM_ORDER.indexOf(b.mechanism));
  const setting = <Key extends keyof typeof settings>(key: Key) => ([...settings[key].keys()][0] ?? 'auto') as Draft[Key];
  return { preferences, neverDefer, listing: setting('listing'), reveal: setting('reveal'), search: setting('search') };
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

/** What `auto` (and `auto_tool_search`) allows: every mechanism, in order, none asked for by name. */
function autoPreferences(threshold: number): ToolSearchPreference[] {
  return MECHANISM_ORDER.map((mechanism) => ({ mechanism, threshold, explicit: false }));
}
