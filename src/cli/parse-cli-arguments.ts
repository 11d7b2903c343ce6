import { parseArgs } from 'node:util';
import { TOOL_LISTINGS, TOOL_REVEAL_CHOICES, type ToolListingRequest, type ToolSearchMechanismRequest } from '../config/tool-search-config.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { parseToolPrediction } from '../config/parse-tool-prediction.js';
import type { ToolPredictionSettings } from '../config/tool-search-config.js';
import { MODEL_PLATFORMS, WIRE_APIS } from '../models/model-reference.js';
import type { InspectRequest } from './resolve-inspect-report.js';
import { TOOL_FILE_FORMATS, type ToolFileFormat } from './resolve-tool-file-layout.js';

/** What the command line asks for: `inspect` with the fields of its request (`--tools` is `toolTable`). */
export type CLICommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | ({
      readonly kind: 'inspect';
      readonly file: string;
      readonly format?: ToolFileFormat;
      /** Print the per-tool table after the summary. */
      readonly toolTable: boolean;
      readonly json: boolean;
    } & Omit<InspectRequest, 'tools'>)
  | {
      readonly kind: 'search';
      readonly file: string;
      readonly format?: ToolFileFormat;
      readonly query: string;
      readonly maxResults?: number;
      readonly json: boolean;
    };

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  tools: { type: 'boolean' },
  format: { type: 'string' },
  model: { type: 'string' },
  api: { type: 'string' },
  platform: { type: 'string' },
  mechanism: { type: 'string' },
  listing: { type: 'string' },
  reveal: { type: 'string' },
  message: { type: 'string' },
  predict: { type: 'string' },
  'max-results': { type: 'string' },
} as const;

/** The options of each command, in the order messages list them. */
const OWN_OPTIONS: Readonly<Record<'inspect' | 'search', readonly string[]>> = {
  inspect: ['format', 'model', 'api', 'platform', 'mechanism', 'listing', 'reveal', 'message', 'predict', 'tools', 'json'],
  search: ['format', 'max-results', 'json'],
};

/** The fields the options with a value set: the request's, the tools file's format, and `search`'s result count. */
type OptionFields = Omit<InspectRequest, 'tools'> & { readonly format?: ToolFileFormat; readonly maxResults?: number };

/** The options that take a value. */
type ValueOption = { [Name in keyof typeof OPTIONS]: (typeof OPTIONS)[Name]['type'] extends 'string' ? Name : never }[keyof typeof OPTIONS];

/** An option's field: `max-results` is `maxResults`. */
type FieldOf<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<FieldOf<Tail>>}` : Name;

/** How each option with a value is read into its field of the command (`--max-results` sets `maxResults`). */
const READERS: Readonly<{ [Name in ValueOption]: (value: string) => OptionFields[FieldOf<Name>] }> = {
  format: (value) => oneOf('--format', value, TOOL_FILE_FORMATS),
  model: (value) => value,
  api: (value) => oneOf('--api', value, WIRE_APIS),
  platform: (value) => oneOf('--platform', value, MODEL_PLATFORMS),
  mechanism: (value) => oneOf<ToolSearchMechanismRequest>('--mechanism', value, ['auto', 'openai', 'claude', 'client']),
  listing: (value) => oneOf<ToolListingRequest>('--listing', value, ['auto', ...TOOL_LISTINGS]),
  reveal: (value) => oneOf('--reveal', value, TOOL_REVEAL_CHOICES),
  message: (value) => value,
  predict: parsePredict,
  'max-results': parseMaxResults,
};

/**
 * Reads the command line (without `node` and the script). Throws a `ToolSearchError` (`invalid-options`) that says
 * what is wrong for an unknown command or option, a missing argument or a bad value.
 */
export function parseCLIArguments(args: readonly string[]): CLICommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ToolSearchError('invalid-options', describeParseError(error), { cause: error });
  }
  const { values, positionals } = parsed;
  if (values.version === true) return { kind: 'version' };
  const [command, file, ...rest] = positionals;
  if (values.help === true || command === undefined || command === 'help') return { kind: 'help' };
  if (command !== 'inspect' && command !== 'search') {
    throw new ToolSearchError('invalid-options', `unknown command \`${command}\`; the commands are \`inspect\` and \`search\``);
  }
  const foreign = Object.keys(values).filter((name) => !OWN_OPTIONS[command].includes(name));
  if (foreign.length > 0) {
    throw new ToolSearchError(
      'invalid-options',
      `\`${command}\` takes no ${foreign.map((name) => `\`--${name}\``).join(', ')}; its options are ${OWN_OPTIONS[command].map((name) => `\`--${name}\``).join(', ')}`,
    );
  }
  if (file === undefined) throw new ToolSearchError('invalid-options', `\`${command}\` needs a tools file: a path, or \`-\` for standard input`);
  // Only the options of OPTIONS with a value are strings, and each one's reader gives its field's type.
  const fields = Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), READERS[name as ValueOption](value)]] : [],
    ),
  ) as Partial<OptionFields>;
  const json = values.json === true;
  if (command === 'search') {
    const query = rest.join(' ');
    if (query.trim().length === 0)
      throw new ToolSearchError('invalid-options', '`search` needs a query after the tools file, e.g. `tool-search search tools.json "create an issue"`');
    return { kind: 'search', file, ...fields, query, json };
  }
  if (rest.length > 0)
    throw new ToolSearchError('invalid-options', `\`inspect\` takes one tools file, got also ${rest.map((value) => `\`${value}\``).join(', ')}`);
  return { kind: 'inspect', file, ...fields, toolTable: values.tools === true, json };
}

/** `--predict`: `auto`, `off`, or `<maxTools>[,<minScore>[,<minShare>]]` (the `predict` setting's fields). */
function parsePredict(value: string): 'off' | ToolPredictionSettings | undefined {
  const [maxTools, minScore, minShare, ...more] = value.split(',');
  const setting =
    value === 'auto' || value === 'off'
      ? value
      : more.length === 0 && maxTools !== undefined && maxTools.trim() !== ''
        ? {
            maxTools: Number(maxTools),
            ...(minScore === undefined ? {} : { minScore: Number(minScore) }),
            ...(minShare === undefined ? {} : { minShare: Number(minShare) }),
          }
        : value;
  const parsed = parseToolPrediction(setting, '--predict');
  const issue = parsed.issues[0];
  if (issue !== undefined) {
    throw new ToolSearchError(
      'invalid-options',
      `\`--predict\` must be auto, off or <maxTools>[,<minScore>[,<minShare>]], got \`${value}\` (${issue.message})`,
    );
  }
  return parsed.setting;
}

function oneOf<Value extends string>(option: string, value: string, allowed: readonly Value[]): Value {
  if ((allowed as readonly string[]).includes(value)) return value as Value;
  throw new ToolSearchError('invalid-options', `\`${option}\` must be one of ${allowed.map((item) => `\`${item}\``).join(', ')}, got \`${value}\``);
}

function parseMaxResults(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ToolSearchError('invalid-options', `\`--max-results\` must be a whole number ≥ 1, got \`${value}\``);
  return number;
}

/** Node's parseArgs messages, shortened to what was wrong. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const option = /'(-[^']*)'/.exec(message)?.[1]?.split(' ')[0];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) return `unknown option \`${option}\``;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    return message.includes('does not take an argument') ? `option \`${option}\` takes no value` : `option \`${option}\` needs a value`;
  }
  return message;
}
