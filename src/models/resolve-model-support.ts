import type { ModelPlatform, ModelReference, WireAPI } from './model-reference.js';

/** What this package knows about a model id, as used to pick a mechanism. */
export interface ModelSupport {
  /** The id as given. */
  readonly id: string;
  /** The wire API, when the caller named it. */
  readonly api: WireAPI | null;
  /** The platform serving the model, when the caller named it (`bedrock-converse` for the `bedrock-converse` API). */
  readonly platform: ModelPlatform | null;
  /** The id reduced to its base: lower case, without a date, `-latest` or `[1m]` suffix. */
  readonly baseId: string;
  /**
   * The gateway the id's spelling points to, when it is not a first-party id: `openrouter` (`vendor/model`),
   * `bedrock` (`anthropic.claude-…`, optionally region-prefixed) or `vertex` (`claude-…@date`).
   */
  readonly gateway: 'openrouter' | 'bedrock' | 'vertex' | null;
  /** The model supports OpenAI's hosted tool search where it is served (given a Responses API request). */
  readonly openaiHosted: boolean;
  /** The model supports Anthropic's hosted tool search where it is served (given a Messages API request). */
  readonly claudeHosted: boolean;
  /**
   * The family the id was read as, when it names a Claude or GPT model this table knows the version of. Then a
   * `false` in `claudeHosted` or `openaiHosted` means the model does not support that hosted search where it is
   * served (a preflight can flag it), not that the id is unknown. `null` for any other id, and for a gateway spelling
   * without `platform`.
   */
  readonly family: 'claude' | 'gpt' | null;
  /**
   * The tool additions the provider documents for this model where it is served, which `reveal: 'auto'` turns on:
   * `value` (the definition itself goes in the conversation: OpenAI Responses `additional_tools`, Anthropic's
   * `tool_definition` additions on the Claude API), `reference` (a tool declared deferred in `tools` is added by name:
   * Anthropic's `tool_reference` additions on Bedrock and Vertex AI), or `null` when none is documented there
   * (unknown ids, gateway spellings, `platform: 'gateway'`, models without them).
   *
   * - Anthropic (providers reference, section 1.10): Opus 4.8 and later Opus, Sonnet 5.5 and later, Haiku 5.5 and
   *   later, every Fable and Mythos model, not Sonnet 5 (nor any Claude before Opus 4.8). By value on the Claude API
   *   (`platform: 'anthropic'`, or a first-party id with no platform); by reference on `bedrock` and `vertex`; none
   *   documented on `foundry`.
   * - OpenAI (section 2.8): the `additional_tools` input item is documented in the API reference with no model
   *   restriction, but the guide that documents loading tools with it is the tool search guide, whose models are
   *   GPT-5.4 and later (not the nano tier); pi and TanStack AI gate it the same way. `auto` follows that guide, as a
   *   wrong `value` leaves a loaded tool uncallable (no `call_tool` is sent) where a wrong `null` only costs the native
   *   call: GPT-5.4 and later on `openai` or `azure-openai` (or a first-party id with no platform), given the
   *   Responses API or no `api`. Earlier GPT and o-series models get `null` here and honour an explicit `native`
   *   (a third party measured gpt-4o-mini onwards calling a tool declared only in the item).
   */
  readonly toolAdditions: ToolAdditionForm | null;
  /**
   * The tool additions an explicit `reveal: 'native'` gets: {@link ModelSupport.toolAdditions} where they are
   * documented, the caller's opt-in elsewhere (`value`, or `reference` for a Claude model on Bedrock or Vertex AI
   * spellings), and `null` where the model or its platform is known not to support them (Claude before Opus 4.8,
   * Sonnet 5: "role 'system' is not supported on this model"; Claude on `foundry`; `bedrock-converse`).
   */
  readonly toolAdditionsOptIn: ToolAdditionForm | null;
}

/**
 * How a provider's tool addition carries a loaded tool: `value` (the full definition, in the conversation) or
 * `reference` (the name of a tool declared deferred in the request's `tools`).
 */
export type ToolAdditionForm = 'value' | 'reference';

const DATE_SUFFIX = /-(?:\d{8}|\d{4}-\d{2}-\d{2})$/;
const OPENAI_MODEL = /^gpt-(\d+)(?:\.(\d+))?(?:-([a-z0-9.-]+))?$/;
/** GPT and o-series ids (`gpt-4o`, `gpt-5.4-mini`, `o3`): OpenAI's models. */
const OPENAI_FAMILY = /^(?:gpt-\d|o\d)/;
const CLAUDE_FAMILIES = 'opus|sonnet|haiku|fable|mythos';
const CLAUDE_FAMILY_FIRST = new RegExp(`^claude-(${CLAUDE_FAMILIES})(?:-(\\d+)(?:-(\\d{1,2}))?)?(?:-([a-z][a-z0-9-]*))?$`);
const CLAUDE_VERSION_FIRST = new RegExp(`^claude-(\\d+)(?:[-.](\\d{1,2}))?-(${CLAUDE_FAMILIES})(?:-[a-z0-9-]+)?$`);
/** Families that exist only from Claude 5 on, so every id of theirs supports hosted search. */
const CLAUDE_FIVE_FAMILIES: ReadonlySet<string> = new Set(['fable', 'mythos']);

/**
 * Which hosted tool search a model id supports. Pure and total: unknown ids resolve to no hosted support.
 *
 * - OpenAI: GPT-5.4 and newer, by parsing the version (`gpt-5.4*`, `gpt-5.5*`, `gpt-5.10`, `gpt-6*`), except the
 *   nano tier (`gpt-5.4-nano`, which OpenAI documents as unsupported, and every later `-nano`, assumed the same).
 * - Anthropic: Claude 4.5 and newer in every family (Opus, Sonnet, Haiku) and every Fable and Mythos model, as
 *   Anthropic's own list says; Opus 4.1 and earlier, Sonnet 4 and every 3.x model are unsupported.
 * - Dated ids (`claude-haiku-4-5-20251001`), `-latest` aliases and the `[1m]` suffix resolve like their base id.
 * - Gateway spellings (`anthropic/claude-…`, `anthropic.claude-…`, `claude-…@date`, `openai/gpt-…`) get no hosted
 *   support unless `platform` says where the model is served: the id alone does not say whether the transport
 *   carries the hosted format (Bedrock's Converse API does not).
 * - With `platform`: Claude models get Anthropic's hosted search on `anthropic`, `bedrock` (InvokeModel), `vertex` and
 *   `foundry`, where Anthropic documents it (a Bedrock id `us.anthropic.claude-opus-4-5-20251101-v1:0` or a Vertex id
 *   `claude-opus-4-5@20251101` is read as its Claude model); GPT models get OpenAI's on `openai` and `azure-openai`;
 *   `bedrock-converse` and `gateway` get none.
 *
 * @example
 * ```ts
 * import { resolveModelSupport } from 'tool-search';
 * resolveModelSupport('claude-sonnet-4-5-20250929').claudeHosted; // true
 * ```
 */
export function resolveModelSupport(model: ModelReference): ModelSupport {
  const read = readModelId(model);
  const { id, api, platform, baseId, gateway } = read;
  const additions = resolveToolAdditions(read);
  return {
    id,
    api,
    platform,
    baseId,
    gateway,
    openaiHosted: read.openaiServed && supportsOpenAIHosted(baseId),
    claudeHosted: read.claudeServed && supportsClaudeHosted(baseId),
    family: resolveFamily(baseId, gateway !== null && platform === null),
    toolAdditions: additions.documented,
    toolAdditionsOptIn: additions.optIn,
  };
}

/** A model id as {@link resolveModelSupport} reads it: its base and where it is served. Not part of the public API. */
export interface ModelIdReading extends Pick<ModelSupport, 'id' | 'api' | 'platform' | 'baseId' | 'gateway'> {
  /** Served where Anthropic documents its hosted search. */
  readonly claudeServed: boolean;
  /** Served where OpenAI documents its hosted search. */
  readonly openaiServed: boolean;
}

/** The first step of {@link resolveModelSupport}: the id reduced to its base, and where the model is served. Not part of the public API. */
export function readModelId(model: ModelReference): ModelIdReading {
  const id = typeof model === 'string' ? model : model.id;
  const api = typeof model === 'string' ? null : (model.api ?? null);
  // Converse is served by Amazon Bedrock alone: the API names the platform.
  const platform = typeof model === 'string' ? null : (model.platform ?? (api === 'bedrock-converse' ? 'bedrock-converse' : null));
  let baseId = String(id)
    .trim()
    .toLowerCase()
    .replace(/\[1m\]$/, '');
  let gateway: ModelSupport['gateway'] = null;
  if (baseId.includes('/')) gateway = 'openrouter';
  else if (BEDROCK_ID.test(baseId)) gateway = 'bedrock';
  else if (baseId.includes('@')) gateway = 'vertex';
  // A platform that serves Claude under its own spelling: read the Claude model out of it.
  if (platform === 'bedrock' || platform === 'bedrock-converse') baseId = baseId.replace(BEDROCK_ID, '').replace(BEDROCK_VERSION, '');
  if (platform === 'vertex') baseId = baseId.replace(/@.*$/, '');
  baseId = baseId.replace(/-latest$/, '').replace(DATE_SUFFIX, '');
  const claudeServed = platform === null ? gateway === null : CLAUDE_HOSTED_PLATFORMS.has(platform);
  const openaiServed = platform === null ? gateway === null : OPENAI_HOSTED_PLATFORMS.has(platform);
  return { id, api, platform, baseId, gateway, claudeServed, openaiServed };
}

/**
 * Whether a model is known to lack a hosted search where it is served: its id names a Claude (`claude-hosted`) or GPT
 * (`openai-hosted`) model whose version this table knows, and {@link resolveModelSupport} says `false` for it. Not part
 * of the public API.
 */
export function lacksHostedSearch(read: ModelIdReading, mechanism: 'claude-hosted' | 'openai-hosted'): boolean {
  const family = resolveFamily(read.baseId, read.gateway !== null && read.platform === null);
  return mechanism === 'claude-hosted'
    ? family === 'claude' && !(read.claudeServed && supportsClaudeHosted(read.baseId))
    : family === 'gpt' && !(read.openaiServed && supportsOpenAIHosted(read.baseId));
}

/** Whether a model takes tool additions where it is served (`toolAdditionsOptIn` is not `null`). Not part of the public API. */
export function takesToolAdditions(read: ModelIdReading): boolean {
  return supportsClaudeToolAdditions(read.baseId) !== false && (read.platform === null || !NO_ADDITION_PLATFORMS.has(read.platform));
}

/** Where Anthropic documents tool additions, and in which form (providers reference, section 1.10). */
const CLAUDE_ADDITION_PLATFORMS: Readonly<Partial<Record<ModelPlatform, ToolAdditionForm>>> = { anthropic: 'value', bedrock: 'reference', vertex: 'reference' };
/** Platforms known not to carry a tool addition: Converse has no such item; Foundry documents none (section 1.10). */
const NO_ADDITION_PLATFORMS: ReadonlySet<ModelPlatform> = new Set(['bedrock-converse', 'foundry']);

/** The documented tool additions and the opt-in ones for a model (see {@link ModelSupport.toolAdditions}). */
function resolveToolAdditions(read: ModelIdReading): { readonly documented: ToolAdditionForm | null; readonly optIn: ToolAdditionForm | null } {
  const { baseId, api, platform, gateway } = read;
  // A Claude model before Opus 4.8 (or Sonnet 5) has none anywhere; Converse and Foundry carry none for any model.
  if (!takesToolAdditions(read)) return { documented: null, optIn: null };
  const claude = supportsClaudeToolAdditions(baseId);
  // Bedrock and Vertex AI carry Anthropic's additions by reference only, whether the platform or the id's spelling
  // says so; OpenAI's item (and every other API's opt-in) carries the definition.
  const onAnthropicPlatform = platform === 'bedrock' || platform === 'vertex' || (platform === null && (gateway === 'bedrock' || gateway === 'vertex'));
  const optIn: ToolAdditionForm = onAnthropicPlatform && api !== 'openai-responses' && !OPENAI_FAMILY.test(baseId) ? 'reference' : 'value';
  if (claude === true) {
    const served = platform === null ? (gateway === null ? 'value' : undefined) : CLAUDE_ADDITION_PLATFORMS[platform];
    return { documented: api === null || api === 'anthropic-messages' ? (served ?? null) : null, optIn };
  }
  const openai = read.openaiServed && (api === null || api === 'openai-responses') && supportsOpenAIHosted(baseId);
  return { documented: openai ? 'value' : null, optIn };
}

/** A Bedrock model id's provider prefix, optionally region-qualified (`us.`, `global.`), and its version suffix. */
const BEDROCK_ID = /^(?:[a-z]{2,6}\.)?anthropic\./;
const BEDROCK_VERSION = /-v\d+(?::\d+)?$/;
/** Where Anthropic documents its hosted tool search (`tool-search-tool.md` frontmatter; Bedrock via InvokeModel only). */
const CLAUDE_HOSTED_PLATFORMS: ReadonlySet<ModelPlatform> = new Set(['anthropic', 'bedrock', 'vertex', 'foundry']);
/** Where OpenAI's hosted tool search is documented (the OpenAI API, and Azure OpenAI for GPT-5.4 and later). */
const OPENAI_HOSTED_PLATFORMS: ReadonlySet<ModelPlatform> = new Set(['openai', 'azure-openai']);

function resolveFamily(baseId: string, unresolvedGateway: boolean): ModelSupport['family'] {
  if (unresolvedGateway) return null;
  // Every `gpt-<digit>` id before GPT-5.4 lacks hosted search, whatever its suffix (`gpt-4o`, `gpt-4.1-mini`).
  if (/^gpt-\d/.test(baseId)) return 'gpt';
  const claude = readClaudeId(baseId);
  return claude !== null && (claude.major !== undefined || CLAUDE_FIVE_FAMILIES.has(claude.family)) ? 'claude' : null;
}

/** A Claude id's family and version, family first (`claude-opus-4-5`) or version first (`claude-3-5-sonnet`); `null` for any other id. */
function readClaudeId(baseId: string): { readonly family: string; readonly major: number | undefined; readonly minor: number } | null {
  const familyFirst = CLAUDE_FAMILY_FIRST.exec(baseId);
  if (familyFirst !== null) {
    const [, family = '', major, minor] = familyFirst;
    return { family, major: major === undefined ? undefined : Number(major), minor: Number(minor ?? 0) };
  }
  const versionFirst = CLAUDE_VERSION_FIRST.exec(baseId);
  return versionFirst === null ? null : { family: versionFirst[3] ?? '', major: Number(versionFirst[1]), minor: Number(versionFirst[2] ?? 0) };
}

function supportsOpenAIHosted(baseId: string): boolean {
  const match = OPENAI_MODEL.exec(baseId);
  if (match === null) return false;
  const major = Number(match[1]);
  const minor = Number(match[2] ?? 0);
  const variant = match[3] ?? '';
  // OpenAI documents `gpt-5.4-nano` without tool search (it answers `tool_search` with a 400). Later nano models are
  // not documented either way: the tier is assumed to keep the limit, since a wrong "supported" costs a failed request
  // and a wrong "unsupported" only the hosted savings (the client-side mechanism still defers).
  if (/^nano\b/.test(variant)) return false;
  return major > 5 || (major === 5 && minor >= 4);
}

/** Claude 4.5 and newer in every family, and every Fable and Mythos model. */
function supportsClaudeHosted(baseId: string): boolean {
  const claude = readClaudeId(baseId);
  if (claude === null) return false;
  return CLAUDE_FIVE_FAMILIES.has(claude.family) || (claude.major !== undefined && atLeast(claude.major, claude.minor, 4, 5));
}

/**
 * Whether a Claude id has Anthropic's tool additions: `true` for Opus 4.8 and later Opus, Sonnet and Haiku 5.5 and
 * later, every Fable and Mythos model; `false` for every other Claude version (Sonnet 5 answers "role 'system' is not
 * supported on this model"); `null` when the id is not a Claude id with a version.
 */
function supportsClaudeToolAdditions(baseId: string): boolean | null {
  const claude = readClaudeId(baseId);
  if (claude === null) return null;
  if (CLAUDE_FIVE_FAMILIES.has(claude.family)) return true;
  if (claude.major === undefined) return null;
  return claude.family === 'opus' ? atLeast(claude.major, claude.minor, 4, 8) : atLeast(claude.major, claude.minor, 5, 5);
}

function atLeast(major: number, minor: number, wantMajor: number, wantMinor: number): boolean {
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}
