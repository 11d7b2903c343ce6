import { ToolSearchConfigError, type ToolSearchConfigIssue } from '../errors/tool-search-config-error.js';
import { describeValue } from '../errors/describe-value.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import { isRecord } from '../records/is-record.js';
import { parseToolPrediction } from './parse-tool-prediction.js';
import {
  DEFAULT_TOOL_SEARCH_THRESHOLD,
  TOOL_LISTINGS,
  TOOL_REVEAL_CHOICES,
  TOOL_SEARCH_RANKINGS,
  withAutoChoice,
  type SeedCapabilityId,
  type ToolListingRequest,
  type ToolPredictionSettings,
  type ToolRevealChoice,
  type ToolSearchConfig,
  type ToolSearchRankingRequest,
  type ToolSearchConfigInput,
  type ToolSearchMechanismChoice,
  type ToolSearchMechanismRequest,
  type ToolSearchPreference,
} from './tool-search-config.js';

const SEED_IDS: readonly SeedCapabilityId[] = ['auto_tool_search', 'openai_tool_search', 'claude_tool_search', 'tool_search'];
const MECHANISM_ORDER: readonly ToolSearchMechanismChoice[] = ['openai', 'claude', 'client'];
const SEED_MECHANISMS: Readonly<Record<Exclude<SeedCapabilityId, 'auto_tool_search'>, ToolSearchMechanismChoice>> = {
  openai_tool_search: 'openai',
  claude_tool_search: 'claude',
  tool_search: 'client',
};

const LISTING_REQUESTS: readonly ToolListingRequest[] = /* @__PURE__ */ withAutoChoice(TOOL_LISTINGS);
const SEARCH_REQUESTS: readonly ToolSearchRankingRequest[] = /* @__PURE__ */ withAutoChoice(TOOL_SEARCH_RANKINGS);
const MECHANISM_REQUESTS: readonly ToolSearchMechanismRequest[] = /* @__PURE__ */ withAutoChoice(MECHANISM_ORDER);

/** The defaults of the settings every form may set (see `ToolSearchOptions`). */
const DEFAULT_LISTING: ToolListingRequest = 'auto';
const DEFAULT_REVEAL: ToolRevealChoice = 'auto';
const DEFAULT_SEARCH: ToolSearchRankingRequest = 'auto';

/** The fields of each object form, in the order their problems are reported (unknown fields come last). */
const OPTIONS_FIELDS = ['mechanism', 'threshold', 'neverDefer', 'listing', 'reveal', 'search', 'predict'] as const;
const SEED_FIELDS = ['ref', 'config'] as const;
const SEED_CONFIG_FIELDS = ['threshold', 'never_defer', 'listing', 'reveal', 'search'] as const;
const RESOLVED_FIELDS = ['preferences', 'neverDefer', 'listing', 'reveal', 'search', 'predict'] as const;
const PREFERENCE_FIELDS = ['mechanism', 'threshold', 'explicit'] as const;

/** The TypeScript form (`ToolSearchOptions`) once its fields are checked. */
interface CheckedOptions {
  readonly mechanism?: ToolSearchMechanismRequest | undefined;
  readonly threshold?: number | undefined;
  readonly neverDefer?: string[] | undefined;
  readonly listing?: ToolListingRequest | undefined;
  readonly reveal?: ToolRevealChoice | undefined;
  readonly search?: ToolSearchRankingRequest | undefined;
  readonly predict?: 'off' | ToolPredictionSettings | undefined;
}

/** A seed capability reference (`{ ref, config }`) once its fields are checked. */
interface CheckedSeedReference {
  readonly ref: SeedCapabilityId;
  readonly config?: {
    readonly threshold?: number | undefined;
    readonly never_defer?: string[] | undefined;
    readonly listing?: ToolListingRequest | undefined;
    readonly reveal?: ToolRevealChoice | undefined;
    readonly search?: ToolSearchRankingRequest | undefined;
  } | null;
}

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
  if (draft !== undefined) checkRevealListing(draft, issues);
  const extra = overrides?.neverDefer === undefined ? undefined : checkToolNames(overrides.neverDefer, 'neverDefer', issues);
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

interface Draft {
  preferences: ToolSearchPreference[];
  neverDefer: string[];
  listing: ToolListingRequest;
  reveal: ToolRevealChoice;
  search: ToolSearchRankingRequest;
  /** Absent: `auto`. */
  predict?: 'off' | ToolPredictionSettings;
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
    return checkResolved({ reveal: DEFAULT_REVEAL, search: DEFAULT_SEARCH, ...(input as object) }, issues);
  }
  const options = checkOptions(input, issues);
  return options === undefined ? undefined : optionsToDraft(options);
}

function optionsToDraft(options: CheckedOptions): Draft {
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
    ...(options.predict === undefined ? {} : { predict: options.predict }),
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
    const parsed = checkSeedReference(reference, path, issues);
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

/**
 * The TypeScript form's fields, checked; `undefined` after reporting what is wrong. Plain checks rather than a schema
 * library: this runs on every import path that takes a configuration, so what it costs is paid in every bundle and
 * every cold start.
 */
function checkOptions(input: object, issues: ToolSearchConfigIssue[]): CheckedOptions | undefined {
  const count = issues.length;
  const fields = input as Record<string, unknown>;
  const options: CheckedOptions = {
    mechanism: checkOneOf(fields.mechanism, 'mechanism', MECHANISM_REQUESTS, issues, true),
    threshold: checkThreshold(fields.threshold, 'threshold', issues, true),
    neverDefer: fields.neverDefer === undefined ? undefined : checkToolNames(fields.neverDefer, 'neverDefer', issues),
    listing: checkOneOf(fields.listing, 'listing', LISTING_REQUESTS, issues, true),
    reveal: checkOneOf(fields.reveal, 'reveal', TOOL_REVEAL_CHOICES, issues, true),
    search: checkOneOf(fields.search, 'search', SEARCH_REQUESTS, issues, true),
    predict: checkPredict(fields.predict, 'predict', issues),
  };
  checkUnknownFields(fields, '', OPTIONS_FIELDS, issues);
  return issues.length === count ? options : undefined;
}

/** A seed capability reference (`{ ref, config }`) at `path`, checked; `undefined` after reporting what is wrong. */
function checkSeedReference(reference: unknown, path: string, issues: ToolSearchConfigIssue[]): CheckedSeedReference | undefined {
  if (!isRecord(reference)) {
    report(issues, path, 'must be a capability id or `{ ref, config }`', reference);
    return undefined;
  }
  const count = issues.length;
  const ref = checkOneOf(reference.ref, join(path, 'ref'), SEED_IDS, issues, false);
  const config = reference.config;
  const configPath = join(path, 'config');
  let checkedConfig: CheckedSeedReference['config'];
  if (config === undefined || config === null) checkedConfig = config;
  else if (!isRecord(config)) report(issues, configPath, 'must be an object', config);
  else {
    checkedConfig = {
      threshold: checkThreshold(config.threshold, join(configPath, 'threshold'), issues, true),
      never_defer: config.never_defer === undefined ? undefined : checkToolNames(config.never_defer, join(configPath, 'never_defer'), issues),
      listing: checkOneOf(config.listing, join(configPath, 'listing'), LISTING_REQUESTS, issues, true),
      reveal: checkOneOf(config.reveal, join(configPath, 'reveal'), TOOL_REVEAL_CHOICES, issues, true),
      search: checkOneOf(config.search, join(configPath, 'search'), SEARCH_REQUESTS, issues, true),
    };
    checkUnknownFields(config, configPath, SEED_CONFIG_FIELDS, issues);
  }
  checkUnknownFields(reference, path, SEED_FIELDS, issues);
  return issues.length === count && ref !== undefined ? { ref, config: checkedConfig } : undefined;
}

/** A resolved configuration (an earlier result, its newer settings defaulted), checked into a draft. */
function checkResolved(input: Record<string, unknown>, issues: ToolSearchConfigIssue[]): Draft | undefined {
  const count = issues.length;
  const preferences: ToolSearchPreference[] = [];
  if (!Array.isArray(input.preferences)) {
    report(issues, 'preferences', 'must be a list of `{ mechanism, threshold, explicit }`', input.preferences);
  } else {
    input.preferences.forEach((preference: unknown, index) => {
      const path = `preferences[${index}]`;
      if (!isRecord(preference)) {
        report(issues, path, 'must be `{ mechanism, threshold, explicit }`', preference);
        return;
      }
      const mechanism = checkOneOf(preference.mechanism, join(path, 'mechanism'), MECHANISM_ORDER, issues, false);
      const threshold = checkThreshold(preference.threshold, join(path, 'threshold'), issues, false);
      if (typeof preference.explicit !== 'boolean') report(issues, join(path, 'explicit'), 'must be a boolean', preference.explicit);
      checkUnknownFields(preference, path, PREFERENCE_FIELDS, issues);
      if (mechanism !== undefined && threshold !== undefined) preferences.push({ mechanism, threshold, explicit: preference.explicit === true });
    });
    if (input.preferences.length === 0) report(issues, 'preferences', 'must list at least one mechanism', input.preferences);
  }
  const neverDefer = checkToolNames(input.neverDefer, 'neverDefer', issues);
  const listing = checkOneOf(input.listing, 'listing', LISTING_REQUESTS, issues, false);
  const reveal = checkOneOf(input.reveal, 'reveal', TOOL_REVEAL_CHOICES, issues, false);
  const search = checkOneOf(input.search, 'search', SEARCH_REQUESTS, issues, false);
  const predict = checkPredict(input.predict, 'predict', issues);
  checkUnknownFields(input, '', RESOLVED_FIELDS, issues);
  if (issues.length > count || neverDefer === undefined || listing === undefined || reveal === undefined || search === undefined) return undefined;
  return { preferences, neverDefer, listing, reveal, search, ...(predict === undefined ? {} : { predict }) };
}

/** The prediction setting at `path` (see `parseToolPrediction`), its problems reported. */
function checkPredict(value: unknown, path: string, issues: ToolSearchConfigIssue[]): 'off' | ToolPredictionSettings | undefined {
  const checked = parseToolPrediction(value, path);
  issues.push(...checked.issues);
  return checked.setting;
}

/** A threshold: a whole number ≥ 0 (`undefined` passes when `optional`). */
function checkThreshold(value: unknown, path: string, issues: ToolSearchConfigIssue[], optional: boolean): number | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  report(issues, path, 'must be a whole number ≥ 0', value);
  return undefined;
}

/** A list of non-empty tool names, copied; every wrong entry is reported. */
function checkToolNames(value: unknown, path: string, issues: ToolSearchConfigIssue[]): string[] | undefined {
  if (!Array.isArray(value)) {
    report(issues, path, 'must be a list of tool names (strings)', value);
    return undefined;
  }
  const count = issues.length;
  const names: string[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const name: unknown = value[index];
    if (typeof name !== 'string') report(issues, `${path}[${index}]`, 'must be a tool name (a string)', name);
    else if (name.length === 0) report(issues, `${path}[${index}]`, 'must be a non-empty tool name', name);
    else names.push(name);
  }
  return issues.length === count ? names : undefined;
}

/** One of `choices` (`undefined` passes when `optional`). */
function checkOneOf<Choice extends string>(
  value: unknown,
  path: string,
  choices: readonly Choice[],
  issues: ToolSearchConfigIssue[],
  optional: boolean,
): Choice | undefined {
  if (value === undefined && optional) return undefined;
  if ((choices as readonly unknown[]).includes(value)) return value as Choice;
  report(issues, path, `must be one of ${choices.map((choice) => `'${choice}'`).join(', ')}`, value);
  return undefined;
}

/** Reports each field of `object` that is not one of `known`, naming the fields it may have. */
function checkUnknownFields(object: object, path: string, known: readonly string[], issues: ToolSearchConfigIssue[]): void {
  const where = path === '' ? 'the configuration' : `\`${path}\``;
  for (const key of findUnknownKeys(object, known)) {
    issues.push({
      path: join(path, key),
      message: `${where} has an unknown option \`${key}\`; the options are ${known.map((field) => `\`${field}\``).join(', ')}`,
    });
  }
}

/** Reports that the value at `path` breaks `rule`, with the value given. */
function report(issues: ToolSearchConfigIssue[], path: string, rule: string, value: unknown): void {
  issues.push({ path, message: `${path === '' ? 'the configuration' : `\`${path}\``} ${rule}, got ${describeValue(value)}` });
}

function join(path: string, key: string): string {
  if (path === '') return key;
  if (key === '') return path;
  return key.startsWith('[') ? `${path}${key}` : `${path}.${key}`;
}
