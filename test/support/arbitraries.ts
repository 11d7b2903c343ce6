/**
 * fast-check generators for the property tests of the four transformers (test/properties/). One scenario is
 * provider-neutral: a catalog of tools with hostile names, which of them the body still holds, a configuration, a
 * model, a history of calls (to current, removed and renamed tools, and `tool_search` results), reveals and a forced
 * tool. Each API's test writes the scenario in its wire shape.
 *
 * To widen the search, add a value to a list: a new listing comes from `TOOL_LISTINGS`, a new reveal choice from `TOOL_REVEAL_CHOICES`, a new mechanism from
 * `TOOL_SEARCH_MECHANISMS`, a new plan option from `CONFIG_VARIANTS`, a model or platform from the API's model list.
 */
import fc from 'fast-check';
import {
  TOOL_LISTINGS,
  TOOL_REVEAL_CHOICES,
  type ToolListingRequest,
  type ToolPredictionRequest,
  type ToolRevealChoice,
  type ToolSearchMechanismRequest,
  type ToolSearchRankingRequest,
} from '../../src/config/tool-search-config.js';
import { TOOL_SEARCH_MECHANISMS, type ToolSearchMechanism } from '../../src/plan/tool-search-plan.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import type { DeferrablePolicy, JSONSchemaObject } from '../../src/tools/tool-definition.js';

/**
 * How many cases each property runs (`FC_RUNS` overrides) and from which seed (`FC_SEED`: a number, or `random`).
 * The defaults are sized for `npm test` (CI): repeatable, and the property files at a few seconds each on two cores
 * (300 cases; `npm test` ran 1,000 before issue 28). After a change to a transformer, run the longer searches of
 * test/properties/README.md, e.g. `FC_SEED=random FC_RUNS=20000 npx vitest run test/properties`.
 */
export const PROPERTY_RUNS = Number(process.env.FC_RUNS ?? 300);
export const PROPERTY_SEED = process.env.FC_SEED === 'random' ? undefined : Number(process.env.FC_SEED ?? 20_261_130);
/**
 * A test timeout that grows with the run count, only to end a hang: no test may depend on wall-clock speed (the
 * default runs take a few seconds per property, several times that on a busy machine).
 */
export const PROPERTY_TIMEOUT = Math.max(10 * 60_000, PROPERTY_RUNS * 600);

/** `fc.assert` parameters shared by the property tests: the run count and a fixed seed, so `npm test` is repeatable. */
export function propertyParameters<T>(runs = PROPERTY_RUNS): fc.Parameters<T> {
  return { numRuns: runs, ...(PROPERTY_SEED === undefined ? {} : { seed: PROPERTY_SEED }) };
}

/** Names that have broken something before, or sit on a rule's edge. */
const KNOWN_HOSTILE_NAMES = [
  'tool_search',
  'call_tool',
  'tool_search_2',
  'tool_search_tool_bm25',
  'tool_search_tool_regex',
  'terminal',
  'functions',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a.b',
  'a:b',
  'a/b',
  'a b',
  'a_b',
  'A_B',
  'a-b',
  'café',
  'Café',
  'caf_',
  '_search',
  'search',
  'search_web',
  '-',
  '_',
  '.',
  '1abc',
  'ChaDri.change_drink',
  'ChaDri_change_drink',
  'github__create_issue',
  'mcp__github__create_issue',
  'select:a',
  'read_file',
  '😀',
  'tool😀x',
  '検索ツール',
  '𠀀𠀁_tool',
  '👩‍💻_dev',
  ' padded ',
  'x'.repeat(64),
  'x'.repeat(65),
  `${'x'.repeat(64)}.a`,
  `${'x'.repeat(64)}.b`,
  'y'.repeat(129),
];

/** A tool or namespace name: known troublemakers, plain identifiers, free text (any Unicode), over-long names. */
export const hostileName: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_HOSTILE_NAMES) },
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/) },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ minLength: 60, maxLength: 140 }) },
);

/** Names of the package's own tools and of the provider search tools a caller's tool may have too. */
export const OWN_LIKE_NAMES = ['tool_search', 'call_tool', 'tool_search_2', 'tool_search_tool_bm25', 'tool_search_tool_regex'];
const OWN_LIKE_SCHEMA: JSONSchemaObject = { type: 'object', properties: { server: { type: 'string' }, params: { type: 'object' } }, required: ['server'] };

/**
 * Text beyond the Basic Multilingual Plane, long enough for the `compact` listing (120 code units) to cut: emoji and
 * CJK extension runs with no space to cut at, mixed text, and any code point. A cut inside a surrogate pair leaves a
 * lone surrogate, which every API rejects (Anthropic: "no low surrogate in string").
 */
const astralDescription = fc.oneof(
  fc.nat(7).map((offset) => `${'x'.repeat(offset)}${'😀'.repeat(80)}`),
  fc.nat(7).map((offset) => `${'検'.repeat(offset)}${'𠀀𠀁'.repeat(40)}`),
  fc.constant(`${'天気予報 🌦️ 東京 '.repeat(12)}end.`),
  fc.string({ unit: 'binary', minLength: 110, maxLength: 160 }),
);

/** A description: absent, plain, one that holds this package's guidance note, or long non-BMP text. */
const description = fc.option(
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constant('Read a file. Requires access to the workspace.') },
    { weight: 2, arbitrary: fc.constant(`Contains the note: ${TOOL_SEARCH_GUIDANCE}`) },
    { weight: 2, arbitrary: astralDescription },
  ),
  { nil: undefined },
);

/** A parameter schema: small objects, property names that some APIs reject, a `__proto__` property. */
const inputSchema: fc.Arbitrary<JSONSchemaObject> = fc.oneof(
  fc.constant({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
  fc.constant({ type: 'object', properties: {} }),
  fc.constant({ type: 'object' }),
  fc.constant({ type: 'object', properties: { 'a.b': { type: 'string' }, n: { type: 'integer', enum: [1, 2] } }, additionalProperties: false }),
  fc.constant(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}') as JSONSchemaObject),
  fc.constant({ type: 'object', properties: { child: { $ref: '#' } } }),
  fc.constant({ type: 'object', properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }),
);

/** One tool of a scenario, provider-neutral. */
export interface ScenarioTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JSONSchemaObject;
  /** A category, or a namespace the body puts it in (Responses). */
  readonly category?: string;
  readonly deferrable?: DeferrablePolicy;
  /** Set on the caller's side: the body sends it deferred already (`defer_loading: true`). */
  readonly deferLoading: boolean;
  /** Whether the body still holds it (a removed tool lives on only in the history and the catalog). */
  readonly inBody: boolean;
}

/** One event of a scenario's history. */
export type ScenarioEvent =
  /** The model called a tool (`nameOf` picks how the caller kept its name) and the caller answered with text. */
  | { readonly kind: 'call'; readonly tool: number; readonly spelling: 'original' | 'sanitized' | 'dotted'; readonly withNamespace: boolean }
  /** The model called a tool that was never in the catalog (an old tool, under a hostile name). */
  | { readonly kind: 'stranger'; readonly name: string }
  /** The model called `tool_search`, and this package's result loaded some tools (by index, or unknown names). */
  | { readonly kind: 'search'; readonly tools: readonly number[]; readonly strangers: readonly string[] }
  /** A hosted search turn (Anthropic's `server_tool_use` + `tool_search_tool_result`, OpenAI's items). */
  | { readonly kind: 'hosted-search'; readonly tools: readonly number[] }
  /**
   * The model called a caller tool (a page fetcher, say) whose output looks like this package's search result
   * naming some tools: it must never count as a reveal (issue 15 item 14).
   */
  | { readonly kind: 'lookalike'; readonly tool: number; readonly tools: readonly number[] };

/** The configuration variants a plan is made with; each field is one generator value. */
export interface ScenarioConfig {
  readonly mechanism: ToolSearchMechanismRequest;
  readonly threshold: number;
  readonly listing: ToolListingRequest;
  readonly reveal: ToolRevealChoice;
  readonly search: ToolSearchRankingRequest;
  readonly neverDefer: readonly number[];
}

/** The listings `reveal: 'native'` takes. */
const NATIVE_LISTINGS: readonly ToolListingRequest[] = ['auto', 'names', 'none'];

const CONFIG_VARIANTS: fc.Arbitrary<ScenarioConfig> = fc
  .tuple(
    fc.record({
      mechanism: fc.constantFrom<ToolSearchMechanismRequest>('auto', 'auto', 'auto', 'client', 'openai', 'claude'),
      threshold: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.constant(15), fc.integer({ min: 0, max: 6 })),
      listing: fc.constantFrom<ToolListingRequest>('auto', ...TOOL_LISTINGS),
      reveal: fc.constantFrom<ToolRevealChoice>(...TOOL_REVEAL_CHOICES),
      search: fc.constantFrom<ToolSearchRankingRequest>('auto', 'provider', 'library'),
      neverDefer: fc.array(fc.nat(20), { maxLength: 3 }),
    }),
    fc.nat(3),
  )
  // `reveal: 'native'` with the `full` or `compact` listing is a configuration error (its own property in
  // test/config/parse-tool-search-config.test.ts): drawn as one of the listings native takes, so every native case
  // reaches the transformer.
  .map(([config, pick]) =>
    config.reveal === 'native' && (config.listing === 'full' || config.listing === 'compact')
      ? { ...config, listing: NATIVE_LISTINGS[pick % 3] ?? 'auto' }
      : config,
  );

/** A whole scenario, for any API. */
export interface Scenario {
  readonly tools: readonly ScenarioTool[];
  readonly config: ScenarioConfig;
  readonly model: ModelReference;
  /** Set to give the transformer a plan made with another mechanism (a plan for another API, or a stored one). */
  readonly mechanism: ToolSearchMechanism | undefined;
  readonly history: readonly ScenarioEvent[];
  /** Reveals passed as `revealed`: tool indexes, and names no tool has. */
  readonly revealed: readonly number[];
  readonly revealedStrangers: readonly string[];
  /** A tool forced by `tool_choice`, several listed in `allowed_tools`, or none. */
  readonly forced:
    | { readonly kind: 'none' }
    | { readonly kind: 'one'; readonly tool: number }
    | { readonly kind: 'allowed'; readonly tools: readonly number[]; readonly required: boolean };
  /** The caller's system text (instructions): absent, plain, or holding an old guidance note with text after it. */
  readonly system: string | undefined;
  /** A provider tool the plan does not know (web search and the like), sent along. */
  readonly providerTool: boolean;
  /**
   * The transformer's `predict` option (issue 27): absent (today's default for a bare transformer: off), `off`,
   * `auto` or settings. A scenario with one ends with a new user message (`turnStart`) when it has one.
   */
  readonly predict: ToolPredictionRequest | undefined;
  /**
   * A user message that starts a new turn after the history (after an assistant's answer), naming some of the tools
   * (their names, as a user would write them) or not; absent: the body ends as the history does.
   */
  readonly turnStart: string | undefined;
}

/** The `predict` option as a caller may pass it: absent most often, off, auto, or settings (loose or strict). */
const predictOption: fc.Arbitrary<ToolPredictionRequest | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  fc.constant('off' as const),
  { weight: 2, arbitrary: fc.constant('auto' as const) },
  {
    weight: 2,
    arbitrary: fc.record(
      { maxTools: fc.integer({ min: 1, max: 5 }), minScore: fc.constantFrom(0, 0.5, 2), minShare: fc.constantFrom(0, 0.25, 1) },
      { requiredKeys: [] },
    ),
  },
);

const systemText = fc.option(
  fc.oneof(
    fc.constant('You are helpful.'),
    fc.string({ maxLength: 30 }),
    fc.constant(`Be brief.\n\n${TOOL_SEARCH_GUIDANCE}\nAlways answer in French.`),
    fc.constant(`${TOOL_SEARCH_GUIDANCE} These tools are available but not listed; load them with \`tool_search\` before use: a, b.\n\nKeep this.`),
  ),
  { nil: undefined },
);

/**
 * A scenario for an API: `models` are the model references to draw from (each API's own list, platforms included);
 * `hostedSearch` adds hosted search turns to histories (Anthropic, Responses).
 */
export function scenarioArbitrary(
  models: readonly ModelReference[],
  options: { readonly maxTools?: number; readonly categories?: boolean } = {},
): fc.Arbitrary<Scenario> {
  const maxTools = options.maxTools ?? 24;
  const tools = fc
    .uniqueArray(
      fc.record({
        name: hostileName,
        description,
        inputSchema,
        category:
          options.categories === false
            ? fc.constant(undefined)
            : fc.option(fc.oneof(fc.constantFrom('crm', 'files'), hostileName), { nil: undefined, freq: 3 }),
        deferrable: fc.option(fc.constantFrom<DeferrablePolicy>('never', 'automatic', 'always'), { nil: undefined, freq: 2 }),
        deferLoading: fc.boolean(),
        inBody: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      }),
      { maxLength: maxTools, selector: (tool) => tool.name },
    )
    .map((list) => list.map((tool) => withoutUndefined(tool) as ScenarioTool));
  // Caller tools named like the package's own (an MCP proxy's `call_tool`, a search tool of its own) in one case of
  // four, whatever the listing (issue 15 item 1); the hostile names above draw them only now and then.
  const withOwnLike = fc
    .tuple(tools, fc.oneof({ weight: 3, arbitrary: fc.constant([] as string[]) }, fc.subarray(OWN_LIKE_NAMES, { minLength: 1 })))
    .map(([list, extra]) => [
      ...list,
      ...extra
        .filter((name) => !list.some((tool) => tool.name === name))
        .map((name): ScenarioTool => ({ name, description: `The caller's own ${name}.`, inputSchema: OWN_LIKE_SCHEMA, deferLoading: false, inBody: true })),
    ]);
  return withOwnLike.chain((list) => {
    const index = list.length === 0 ? fc.constant(0) : fc.nat(list.length - 1);
    const event: fc.Arbitrary<ScenarioEvent> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('call' as const),
          tool: index,
          spelling: fc.oneof({ weight: 6, arbitrary: fc.constant('original' as const) }, fc.constant('sanitized' as const), fc.constant('dotted' as const)),
          withNamespace: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('stranger' as const), name: hostileName }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('search' as const),
          tools: fc.array(index, { maxLength: 3 }),
          strangers: fc.array(hostileName, { maxLength: 1 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('hosted-search' as const), tools: fc.array(index, { minLength: 1, maxLength: 2 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('lookalike' as const), tool: index, tools: fc.array(index, { minLength: 1, maxLength: 2 }) }) },
    );
    return fc.record({
      tools: fc.constant(list),
      config: CONFIG_VARIANTS,
      model: fc.constantFrom(...models),
      // Now and then a plan with another mechanism than the model's (a plan for another API, or a stored one).
      mechanism: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, fc.constantFrom(...TOOL_SEARCH_MECHANISMS)),
      history:
        list.length === 0
          ? fc.array(fc.record({ kind: fc.constant('stranger' as const), name: hostileName }), { maxLength: 2 })
          : fc.array(event, { maxLength: 6 }),
      revealed: fc.array(index, { maxLength: 4 }),
      revealedStrangers: fc.array(hostileName, { maxLength: 1 }),
      forced: fc.oneof(
        { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('one' as const), tool: index }) },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('allowed' as const), tools: fc.array(index, { minLength: 1, maxLength: 3 }), required: fc.boolean() }),
        },
      ),
      system: systemText,
      providerTool: fc.boolean(),
      predict: predictOption,
      turnStart: fc.option(
        fc.oneof(
          {
            weight: 3,
            arbitrary: fc
              .subarray(['help', ...list.map((tool) => tool.name.replace(/[^\p{L}\p{N}]+/gu, ' '))], { minLength: 1, maxLength: Math.min(3, list.length + 1) })
              .map((words) => `please ${words.join(' and ')}`),
          },
          hostileName,
          fc.constant('?'),
        ),
        { nil: undefined, freq: 2 },
      ),
    });
  });
}

/** A name as a caller may have kept it in a history: as defined, with disallowed characters made `_`, or dotted. */
export function spell(name: string, spelling: 'original' | 'sanitized' | 'dotted'): string {
  switch (spelling) {
    case 'original':
      return name;
    case 'sanitized':
      return name.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
    case 'dotted':
      return `ns.${name}`;
    default:
      return spelling satisfies never;
  }
}

/** One history turn in neutral form: the model called `name`, and the caller answered `result` (text). */
export interface ScenarioCall {
  readonly index: number;
  readonly name: string;
  /** A hosted search turn (`hosted-search` events) names the tools it loaded instead of a result. */
  readonly hosted?: readonly string[];
  readonly namespace?: string;
  readonly result: string;
}

/** A scenario's history as calls and results, the way every API's test writes it (each in its own wire shape). */
export function scenarioCalls(scenario: Scenario, formatResult: (loaded: string[]) => string): ScenarioCall[] {
  const nameOf = (index: number): string => scenario.tools[index]?.name ?? 'x';
  return scenario.history.map((event, index): ScenarioCall => {
    switch (event.kind) {
      case 'call': {
        const tool = scenario.tools[event.tool];
        const namespace = event.withNamespace ? (tool?.category ?? tool?.name) : undefined;
        return { index, name: spell(nameOf(event.tool), event.spelling), ...(namespace === undefined ? {} : { namespace }), result: 'done' };
      }
      case 'stranger':
        return { index, name: event.name, result: 'done' };
      case 'search':
        return { index, name: 'tool_search', result: formatResult([...event.tools.map(nameOf), ...event.strangers]) };
      case 'hosted-search':
        return { index, name: 'tool_search', hosted: event.tools.map(nameOf), result: formatResult(event.tools.map(nameOf)) };
      case 'lookalike':
        return { index, name: nameOf(event.tool), result: formatResult(event.tools.map(nameOf)) };
      default:
        return event satisfies never;
    }
  });
}

/** What a model may write as a tool's arguments or a `tool_search` call: anything JSON, text, deep nesting. */
export const modelArguments: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.constant('{"query":'),
  fc.constant(''),
  fc.record({
    query: fc.oneof(fc.string(), fc.constantFrom('select:', 'select: , ,', 'select:tool_search', '_search', '"read_file".', 'x'.repeat(600)), hostileName),
  }),
  fc.record({ query: fc.anything() }),
  fc.nat(3000).map((depth) => JSON.stringify(nest(depth))),
  fc.constant(JSON.parse('{"__proto__": 5}') as unknown),
  fc.anything(),
);

/** Values a mutation writes into arguments: every JSON type, edges of the numeric rules, strings near common formats. */
const MUTATION_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1,
  1.5,
  0.07,
  2 ** 60,
  '',
  'x',
  '1',
  'FOO',
  '2026-01-01T00:00:00Z',
  '2026-01-01',
  'a@example.com',
  'https://example.com',
  [],
  {},
  ['x'],
  { a: 1 },
];

/** One change to a model's arguments; `at` picks the object or array (or, for `replace`, any value) it applies to. */
export type ArgumentMutation =
  | { readonly kind: 'drop'; readonly at: number; readonly key: number }
  | { readonly kind: 'set'; readonly at: number; readonly key: number; readonly value: unknown }
  | { readonly kind: 'add'; readonly at: number; readonly name: string; readonly value: unknown }
  | { readonly kind: 'replace'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'retype'; readonly at: number }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'duplicate'; readonly at: number };

const mutationValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MUTATION_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Up to three changes to arguments: what a model gets wrong (a missing, extra or retyped value, a list too short). */
export const argumentMutations: fc.Arbitrary<readonly ArgumentMutation[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), key: fc.nat() }),
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(), key: fc.nat(), value: mutationValue }),
    fc.record({ kind: fc.constant('add' as const), at: fc.nat(), name: fc.constantFrom('extra', 'id', 'name', 'value', 'a', 'type'), value: mutationValue }),
    fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: mutationValue }),
    fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  ),
  { maxLength: 3 },
);

/** Arguments (JSON data) with the mutations applied in order, on a copy. */
export function mutateArguments(value: unknown, mutations: readonly ArgumentMutation[]): unknown {
  let root = JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
  for (const written of mutations) {
    // A copy of the value written: the same object written twice would make a cycle.
    const mutation = 'value' in written ? { ...written, value: JSON.parse(JSON.stringify(written.value)) as unknown } : written;
    const nodes = collectValues(root);
    if (mutation.kind === 'replace' || mutation.kind === 'retype') {
      const [target, parent, key] = nodes[mutation.at % nodes.length] as [unknown, unknown, string | number | undefined];
      const next = mutation.kind === 'replace' ? mutation.value : retype(target);
      if (parent === undefined) root = next;
      else (parent as Record<string | number, unknown>)[key as string | number] = next;
      continue;
    }
    const containers = nodes.filter(([node]) => typeof node === 'object' && node !== null);
    if (containers.length === 0) continue;
    const target = (containers[mutation.at % containers.length] as [unknown, unknown, unknown])[0] as Record<string, unknown> | unknown[];
    const keys = Object.keys(target);
    if (mutation.kind === 'drop' && keys.length > 0) {
      if (Array.isArray(target)) target.splice(mutation.key % target.length, 1);
      else delete target[keys[mutation.key % keys.length] as string];
    } else if (mutation.kind === 'set' && keys.length > 0) (target as Record<string, unknown>)[keys[mutation.key % keys.length] as string] = mutation.value;
    else if (mutation.kind === 'add') {
      if (Array.isArray(target)) target.push(mutation.value);
      else target[mutation.name] = mutation.value;
    } else if (mutation.kind === 'truncate' && Array.isArray(target)) target.pop();
    else if (mutation.kind === 'duplicate' && Array.isArray(target) && target.length > 0) target.push(JSON.parse(JSON.stringify(target[0])) as unknown);
  }
  return root;
}

/** Every value inside `root` (pre-order), each with its parent and key. */
function collectValues(root: unknown): [unknown, unknown, string | number | undefined][] {
  const found: [unknown, unknown, string | number | undefined][] = [];
  const visit = (node: unknown, parent: unknown, key: string | number | undefined): void => {
    found.push([node, parent, key]);
    if (Array.isArray(node)) for (const [index, child] of node.entries()) visit(child, node, index);
    else if (typeof node === 'object' && node !== null) for (const [name, child] of Object.entries(node)) visit(child, node, name);
  };
  visit(root, undefined, undefined);
  return found;
}

/** The value as a model writing the wrong type would: a number as text, text as a number where it reads as one, and so on. */
function retype(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : [value];
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value[0] ?? null;
  if (value === null) return 'null';
  return [value];
}

function nest(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level += 1) value = { child: value, path: 'p' };
  return value;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** Freezes a value deeply, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** A count of cases per property, printed once per file so a run shows how much was tried. */
export function createCaseCounter(label: string): { readonly count: (property: string) => void; readonly report: () => void } {
  const counts = new Map<string, number>();
  return {
    count: (property) => counts.set(property, (counts.get(property) ?? 0) + 1),
    report: () => {
      const parts = [...counts].map(([property, count]) => `${property} ${count}`);
      console.info(`[properties] ${label}: ${parts.join(', ')} cases (seed ${PROPERTY_SEED ?? 'random'})`);
    },
  };
}

/**
 * Where a caller puts prompt-cache checkpoints (Bedrock Converse's `cachePoint` blocks, at most 4 per request): after
 * some positions of the tool list (taken modulo its length + 1, so past the last tool too), at the end of the system
 * text, and at the end of the first user message. At most 4 in all, so the caller's own request is within the limit.
 */
export interface CacheCheckpoints {
  readonly tools: readonly number[];
  readonly system: boolean;
  readonly message: boolean;
}

export const cacheCheckpoints: fc.Arbitrary<CacheCheckpoints> = fc.record({
  tools: fc.uniqueArray(fc.nat(30), { maxLength: 2 }),
  system: fc.boolean(),
  message: fc.boolean(),
});

/**
 * What an embedder may return for a batch of texts (issue 24, item 13): good vectors, or junk of every kind: NaN or
 * infinities among the numbers, vectors of another length (all of them, or one), the wrong number of vectors, empty
 * vectors, zero vectors, huge finite numbers, numbers written as text, a value that is no list, or a thrown error.
 */
export type EmbeddingReply =
  | { readonly kind: 'good' }
  | { readonly kind: 'non-finite'; readonly value: number; readonly position: number }
  | { readonly kind: 'other-length'; readonly length: number; readonly all: boolean }
  | { readonly kind: 'count'; readonly delta: number }
  | { readonly kind: 'empty' | 'zero' | 'huge' | 'text-numbers' | 'throws' }
  | { readonly kind: 'not-a-list'; readonly value: unknown };

export const embeddingReply: fc.Arbitrary<EmbeddingReply> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'good' as const }), weight: 4 },
  fc.record({
    kind: fc.constant('non-finite' as const),
    value: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    position: fc.nat(20),
  }),
  fc.record({ kind: fc.constant('other-length' as const), length: fc.integer({ min: 1, max: 12 }), all: fc.boolean() }),
  fc.record({ kind: fc.constant('count' as const), delta: fc.constantFrom(-1, 1, 2) }),
  fc.record({ kind: fc.constantFrom('empty' as const, 'zero' as const, 'huge' as const, 'text-numbers' as const, 'throws' as const) }),
  fc.record({ kind: fc.constant('not-a-list' as const), value: fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.object()) }),
);

/** The dimension of the good vectors {@link applyEmbeddingReply} returns. */
export const GOOD_EMBEDDING_LENGTH = 8;

/**
 * The vectors an embedder answering `reply` returns for `texts`: the good answer is a deterministic bag of hashed
 * words of {@link GOOD_EMBEDDING_LENGTH} numbers; every other kind spoils it as its name says.
 */
export function applyEmbeddingReply(reply: EmbeddingReply, texts: readonly string[]): unknown {
  const good = texts.map((text) => {
    const vector = new Array<number>(GOOD_EMBEDDING_LENGTH).fill(0);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      let hash = 0;
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
      vector[hash % GOOD_EMBEDDING_LENGTH]! += 1;
    }
    return vector;
  });
  switch (reply.kind) {
    case 'good':
      return good;
    case 'non-finite':
      return good.map((vector, index) => (index === 0 ? vector.map((value, at) => (at === reply.position % vector.length ? reply.value : value)) : vector));
    case 'other-length':
      return good.map((vector, index) => (reply.all || index === good.length - 1 ? new Array<number>(reply.length).fill(0.5) : vector));
    case 'count':
      return reply.delta < 0 ? good.slice(0, -1) : [...good, ...good.slice(0, reply.delta)];
    case 'empty':
      return good.map(() => []);
    case 'zero':
      return good.map((vector) => vector.map(() => 0));
    case 'huge':
      return good.map((vector) => vector.map((value) => value * 1e300));
    case 'text-numbers':
      return good.map((vector) => vector.map(String));
    case 'throws':
      throw new Error('embedder unavailable');
    case 'not-a-list':
      return reply.value;
    default: {
      const unknown: never = reply;
      throw new Error(`unknown embedding reply ${JSON.stringify(unknown)}`);
    }
  }
}

// Streams ------------------------------------------------------------------------------------------------------------
// Responses as each API returns them without streaming, for the stream accumulators' properties
// (test/properties/stream-accumulators.properties.test.ts): the loopback server's streamers
// (test/support/streamed-replies.ts) cut them at the drawn boundaries, and the accumulator must give them back.

/**
 * Where a stream cuts a text or a tool's JSON input: piece sizes in code points, taken in turn (the last repeats), so
 * a piece may end inside a word, a JSON string, an escape or between the code units of an emoji's grapheme.
 */
export interface StreamCut {
  readonly sizes: readonly number[];
}

export const streamCut: fc.Arbitrary<StreamCut> = fc.record({ sizes: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }) });

/** The text pieces a cut makes (joined, the text). */
export function cutText(cut: StreamCut): (text: string) => string[] {
  return (text) => {
    const characters = [...text];
    const pieces: string[] = [];
    for (let start = 0, turn = 0; start < characters.length; turn += 1) {
      const size = cut.sizes[Math.min(turn, cut.sizes.length - 1)] ?? 1;
      pieces.push(characters.slice(start, start + size).join(''));
      start += size;
    }
    return pieces;
  };
}

/** Text a model writes: any Unicode (astral included), JSON-looking text, escapes. */
const streamedText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
  fc.string({ minLength: 1, maxLength: 20, unit: 'binary' }).filter((text) => !/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))),
  fc.constantFrom('{"a": "b"}', 'line\nbreak\ttab "quoted" \\ back', '😀👩‍💻 検索'),
);

/** A key of a tool's input: identifiers, and keys JSON paths must quote (dots, brackets, quotes, `__proto__`). */
const inputKey = fc.oneof(
  fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/),
  fc.constantFrom('a.b', "it's", 'x[0]', 'back\\slash', '__proto__', '0', ' '),
  fc.string({ maxLength: 5 }),
);

/** A JSON leaf of a tool's input (no `-0`: JSON writes it `0`). */
const inputLeaf = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((number) => !Object.is(number, -0)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** A tool's input: any JSON object; `pathable` keeps to what Vertex AI's `partialArgs` can say (no empty object or list). */
export function toolInput(pathable = false): fc.Arbitrary<Record<string, unknown>> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      inputLeaf,
      fc.array(tie('value'), { minLength: pathable ? 1 : 0, maxLength: 3 }),
      fc.dictionary(inputKey, tie('value'), { minKeys: pathable ? 1 : 0, maxKeys: 3 }),
    ),
  }));
  return fc.dictionary(inputKey, value, { minKeys: pathable ? 1 : 0, maxKeys: 4 });
}

/** A signature (Gemini's `thoughtSignature`, a reasoning signature): base64-looking text. */
const signature = fc.base64String({ minLength: 4, maxLength: 24 });

/** A function call of a Gemini response, and whether it streams its arguments as Vertex AI does (`partialArgs`). */
const geminiCall = fc
  .record({
    id: fc.option(fc.stringMatching(/^call_[a-z0-9]{1,6}$/), { nil: undefined }),
    name: hostileName,
    input: fc.oneof(fc.record({ partial: fc.constant(true), args: toolInput(true) }), fc.record({ partial: fc.constant(false), args: toolInput() })),
  })
  .map(({ id, name, input }) => ({ partial: input.partial, part: { functionCall: { ...(id === undefined ? {} : { id }), name, args: input.args } } }));

/** A Gemini `generateContent` response and how its stream is cut: thoughts, text, several calls, text after them. */
export const geminiStreamCase = fc
  .record({
    thought: fc.option(fc.record({ text: streamedText, signed: fc.boolean() }), { nil: undefined }),
    text: fc.option(fc.record({ text: streamedText, signature: fc.option(signature, { nil: undefined }) }), { nil: undefined }),
    calls: fc.array(fc.record({ call: geminiCall, signature: fc.option(signature, { nil: undefined }) }), { maxLength: 3 }),
    after: fc.option(streamedText, { nil: undefined }),
    finishReason: fc.constantFrom('STOP', 'MAX_TOKENS', 'MALFORMED_FUNCTION_CALL'),
    usage: fc.record({ promptTokenCount: fc.nat(5000), candidatesTokenCount: fc.nat(500), thoughtsTokenCount: fc.option(fc.nat(500), { nil: undefined }) }),
    cut: streamCut,
    group: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
    usageOnEveryChunk: fc.boolean(),
  })
  .map(({ thought, text, calls, after, finishReason, usage, cut, group, usageOnEveryChunk }) => {
    const parts: Record<string, unknown>[] = [];
    if (thought !== undefined) parts.push({ text: thought.text, thought: true, ...(thought.signed ? { thoughtSignature: 'dGhvdWdodA==' } : {}) });
    if (text !== undefined) parts.push({ text: text.text, ...(text.signature === undefined ? {} : { thoughtSignature: text.signature }) });
    for (const { call, signature: signed } of calls) parts.push({ ...call.part, ...(signed === undefined ? {} : { thoughtSignature: signed }) });
    if (after !== undefined && calls.length > 0) parts.push({ text: after });
    const response = {
      candidates: [{ content: { parts, role: 'model' }, finishReason, index: 0 }],
      usageMetadata: { ...withoutUndefined(usage), totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount },
      modelVersion: 'gemini-3-pro-preview',
      responseId: 'stream-case',
    };
    const partial = calls.map(({ call }) => call.partial);
    return { response, cut, group, usageOnEveryChunk, partialArgs: (position: number) => partial[position] === true };
  });

/** A Converse `ConverseCommand` output and how its stream is cut: reasoning, text, several tool uses, text after them. */
export const bedrockConverseStreamCase = fc
  .record({
    reasoning: fc.option(fc.record({ text: streamedText, signature: fc.option(signature, { nil: undefined }) }), { nil: undefined }),
    text: fc.option(streamedText, { nil: undefined }),
    uses: fc.array(fc.record({ name: hostileName, input: toolInput() }), { maxLength: 3 }),
    after: fc.option(streamedText, { nil: undefined }),
    stopReason: fc.constantFrom('end_turn', 'tool_use', 'max_tokens'),
    usage: fc.record({ inputTokens: fc.nat(5000), outputTokens: fc.nat(500) }),
    additional: fc.option(fc.jsonValue(), { nil: undefined }),
    cut: streamCut,
  })
  .map(({ reasoning, text, uses, after, stopReason, usage, additional, cut }) => {
    const content: Record<string, unknown>[] = [];
    if (reasoning !== undefined) {
      content.push({
        reasoningContent: { reasoningText: { text: reasoning.text, ...(reasoning.signature === undefined ? {} : { signature: reasoning.signature }) } },
      });
    }
    if (text !== undefined) content.push({ text });
    for (const [position, { name, input }] of uses.entries()) content.push({ toolUse: { toolUseId: `tooluse_${position}`, name, input } });
    if (after !== undefined) content.push({ text: after });
    const output = {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
      metrics: { latencyMs: 250 },
      ...(additional === undefined ? {} : { additionalModelResponseFields: additional }),
    };
    return { output, cut };
  });

/** A Messages API response and how its stream is cut: thinking, text, tool uses, Anthropic's own search blocks. */
export const anthropicMessageStreamCase = fc
  .record({
    thinking: fc.option(fc.record({ thinking: streamedText, signature }), { nil: undefined }),
    text: fc.option(streamedText, { nil: undefined }),
    hosted: fc.boolean(),
    uses: fc.array(fc.record({ name: hostileName, input: toolInput() }), { maxLength: 3 }),
    cut: streamCut,
  })
  .map(({ thinking, text, hosted, uses, cut }) => {
    const content: Record<string, unknown>[] = [];
    if (thinking !== undefined) content.push({ type: 'thinking', ...thinking });
    if (text !== undefined) content.push({ type: 'text', text });
    if (hosted) {
      content.push(
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'weather' }, caller: { type: 'direct' } },
        { type: 'tool_search_tool_result', tool_use_id: 'srvtoolu_1', content: { type: 'tool_search_tool_search_result', tool_references: [] } },
      );
    }
    for (const [position, { name, input }] of uses.entries())
      content.push({ type: 'tool_use', id: `toolu_${position}`, name, input, caller: { type: 'direct' } });
    const message = {
      id: 'msg_stream',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-8',
      content,
      stop_reason: uses.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    };
    return { message, cut };
  });

/** A Chat Completions response and how its stream is cut: text, several tool calls with JSON-string arguments. */
export const openAIChatStreamCase = fc
  .record({
    text: fc.option(streamedText, { nil: undefined }),
    calls: fc.array(fc.record({ name: hostileName, input: toolInput() }), { maxLength: 3 }),
    cut: streamCut,
  })
  .map(({ text, calls, cut }) => {
    const message = {
      role: 'assistant',
      content: text ?? null,
      ...(calls.length === 0
        ? {}
        : {
            tool_calls: calls.map(({ name, input }, position) => ({
              id: `call_${position}`,
              type: 'function',
              function: { name, arguments: JSON.stringify(input) },
            })),
          }),
      refusal: null,
    };
    const completion = {
      id: 'chatcmpl-stream',
      object: 'chat.completion',
      created: 1767225600,
      model: 'gpt-4.1-2025-04-14',
      choices: [{ index: 0, message, logprobs: null, finish_reason: calls.length === 0 ? 'stop' : 'tool_calls' }],
      usage: { prompt_tokens: 120, completion_tokens: 14, total_tokens: 134 },
    };
    return { completion, cut };
  });

/**
 * What a caller's tool may return (issue 24): JSON data, and every value JSON writes oddly or not at all: `undefined`,
 * functions, symbols, `NaN` and the infinities, `BigInt`s, objects that contain themselves, a `toJSON` or getter that
 * throws, `Date`, `Map`, `Set`, typed arrays, sparse lists, null-prototype objects, text cut inside an emoji (a lone
 * surrogate, in a value or a key), text of up to a few megabytes, and objects nested near and past 1,000 levels. Each
 * is put alone, in an object or in a list. `refused` says whether the session must refuse it (`invalid-tool-output`).
 */
export interface HostileToolOutput {
  readonly label: string;
  readonly value: () => unknown;
  readonly refused: boolean;
}

function nested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let level = 0; level < depth; level += 1) value = { child: value };
  return value;
}

function cyclic(): unknown {
  const value: Record<string, unknown> = { city: 'Paris' };
  value.self = { back: value };
  return value;
}

const HOSTILE_TOOL_OUTPUTS: readonly HostileToolOutput[] = [
  { label: 'undefined', value: () => undefined, refused: false },
  { label: 'a function', value: () => () => 1, refused: false },
  { label: 'a symbol', value: () => Symbol('s'), refused: false },
  { label: 'NaN', value: () => Number.NaN, refused: false },
  { label: 'Infinity', value: () => Number.POSITIVE_INFINITY, refused: false },
  { label: '-0', value: () => -0, refused: false },
  { label: 'a Date', value: () => new Date(0), refused: false },
  { label: 'a Map', value: () => new Map([['a', 1]]), refused: false },
  { label: 'a Set', value: () => new Set([1]), refused: false },
  { label: 'a typed array', value: () => new Uint8Array([1, 2]), refused: false },
  {
    label: 'a sparse list',
    value: () => {
      const list: unknown[] = [1];
      list[2] = 3;
      return list;
    },
    refused: false,
  },
  { label: 'a null-prototype object', value: () => Object.assign(Object.create(null) as object, { a: 1 }), refused: false },
  { label: 'a lone surrogate', value: () => `sunny ${'\ud83d'}`, refused: false },
  { label: 'a lone surrogate in a key', value: () => ({ [`k${'\ude00'}`]: 'v' }), refused: false },
  { label: 'a 3 MB string', value: () => 'x'.repeat(3 * 1024 * 1024), refused: false },
  { label: 'objects 900 levels deep', value: () => nested(900), refused: false },
  { label: 'a BigInt', value: () => 12n, refused: true },
  { label: 'an object that contains itself', value: cyclic, refused: true },
  { label: 'objects 5,000 levels deep', value: () => nested(5_000), refused: true },
  {
    label: 'a toJSON that throws',
    value: () => ({
      toJSON() {
        throw new Error('no');
      },
    }),
    refused: true,
  },
];

/** One of {@link HOSTILE_TOOL_OUTPUTS}, or JSON data, alone or in an object or list. */
export const hostileToolOutput: fc.Arbitrary<HostileToolOutput> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TOOL_OUTPUTS) },
      { weight: 1, arbitrary: fc.jsonValue().map((value): HostileToolOutput => ({ label: 'JSON data', value: () => value, refused: false })) },
    ),
    fc.constantFrom('alone', 'in an object', 'in a list'),
  )
  .map(([output, place]) => ({
    label: `${output.label} ${place}`,
    value: () => (place === 'alone' ? output.value() : place === 'in an object' ? { result: output.value(), ok: true } : ['first', output.value()]),
    // Nested one level more, a value deep past the bound stays refused; one just under it stays accepted (900 + 1).
    refused: output.refused,
  }));

/**
 * A value with a cycle somewhere in it (issue 24: every public function stays total on cyclic input): any value of
 * fast-check's `anything`, with an object or list inside it made to contain itself, or wrapped so it does.
 */
export const cyclicValue: fc.Arbitrary<unknown> = fc.tuple(fc.anything(), fc.nat()).map(([value, pick]) => {
  const holders: object[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || Object.isFrozen(node)) return;
    holders.push(node);
    for (const child of Object.values(node)) visit(child);
  };
  visit(value);
  if (holders.length === 0) {
    const wrapper: Record<string, unknown> = { value };
    wrapper.self = wrapper;
    return wrapper;
  }
  const holder = holders[pick % holders.length] as Record<string, unknown> | unknown[];
  if (Array.isArray(holder)) holder.push(value);
  else holder.loop = value;
  return value;
});

/**
 * Models a native session moves between (issue 24 item 2): ones that take tool additions by value, by reference, and
 * none (with hosted search and without), first-party and on each platform, gateways included.
 */
export const NATIVE_SESSION_MODELS = {
  'anthropic-messages': [
    { id: 'claude-opus-4-8', api: 'anthropic-messages' },
    { id: 'claude-opus-5', api: 'anthropic-messages' },
    { id: 'claude-sonnet-5', api: 'anthropic-messages' },
    { id: 'claude-sonnet-4-5', api: 'anthropic-messages' },
    { id: 'claude-3-5-haiku', api: 'anthropic-messages' },
    { id: 'claude-opus-4-1', api: 'anthropic-messages' },
    { id: 'claude-opus-5', api: 'anthropic-messages', platform: 'bedrock' },
    { id: 'claude-opus-4-8@20260101', api: 'anthropic-messages', platform: 'vertex' },
    { id: 'claude-opus-5', api: 'anthropic-messages', platform: 'foundry' },
    { id: 'claude-opus-5', api: 'anthropic-messages', platform: 'gateway' },
  ],
  'openai-responses': [
    { id: 'gpt-5.4', api: 'openai-responses' },
    { id: 'gpt-5.5', api: 'openai-responses', platform: 'azure-openai' },
    { id: 'gpt-5.2', api: 'openai-responses' },
    { id: 'gpt-5.4-nano', api: 'openai-responses' },
    { id: 'gpt-4.1', api: 'openai-responses' },
    { id: 'openai/gpt-5.4', api: 'openai-responses', platform: 'gateway' },
  ],
} as const satisfies Record<string, readonly ModelReference[]>;

/** What happens to the reveal store between two turns of a session (issue 24 items 4 and 5). */
export type StoreOperation =
  | { readonly kind: 'none' }
  /** `store.delete(sessionId)`: the conversation starts again under the same id. */
  | { readonly kind: 'delete' }
  /** Another session of the agent takes a turn (with a small `maxSessions`, the most a store holds). */
  | { readonly kind: 'other-session'; readonly session: number };

export const storeOperation: fc.Arbitrary<StoreOperation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'delete' } as const) },
  { weight: 3, arbitrary: fc.nat(3).map((session) => ({ kind: 'other-session', session }) as const) },
);
