import { version } from '../../package.json';
import { isToolSearchError } from '../errors/tool-search-error.js';
import { assertNever } from '../errors/assert-never.js';
import { explainToolSearch } from '../search/explain-tool-search.js';
import { formatInspectReport } from './format-inspect-report.js';
import { formatSearchReport } from './format-search-report.js';
import { loadTokenCounter } from './load-token-counter.js';
import { parseCLIArguments, type CLICommand } from './parse-cli-arguments.js';
import { readCLITools } from './read-cli-tools.js';
import { resolveInspectReport } from './resolve-inspect-report.js';

/**
 * The `tool-search` command line on its arguments (without `node` and the script): what it prints on standard output
 * and on standard error, and its exit status (0; 1 when the tools cannot be read or used; 2 for a usage error, with a
 * pointer to `--help`). Never throws for what a user typed. `dist/cli.js` runs it on `process.argv` and the process's
 * standard input; tests call it directly, and spawn the built command for what only a process shows.
 */
export async function runCLI(args: readonly string[], input: CLIInput): Promise<CLIResult> {
  try {
    return { status: 0, stdout: await run(parseCLIArguments(args), input), stderr: '' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const usage = isToolSearchError(error) && error.code === 'invalid-options';
    return { status: usage ? 2 : 1, stdout: '', stderr: `tool-search: ${message}\n${usage ? 'Run `tool-search --help` for usage.\n' : ''}` };
  }
}

/** Where `runCLI` reads the tools of `-`. */
export interface CLIInput {
  /** The whole of standard input, as text; throws when there is none to read (a terminal). */
  readStandardInput(): Promise<string>;
}

/** What the command printed, and its exit status. */
export interface CLIResult {
  readonly status: 0 | 1 | 2;
  readonly stdout: string;
  readonly stderr: string;
}

const HELP = `tool-search ${version}: what deferred tool loading does to a tool catalog

Usage:
  tool-search inspect <tools.json | -> [--model <id>] [--api <api>] [--platform <platform>] [--mechanism <m>]
                      [--listing <listing>] [--reveal <reveal>] [--message <text>] [--predict <p>]
                      [--format <format>] [--tools] [--json]
  tool-search search <tools.json | -> <query…> [--max-results <n>] [--format <format>] [--json]

Commands:
  inspect   The plan per wire API (mechanism, what is deferred and why, warnings) and the request bytes
            and tokens per wire API and mechanism: every schema in full, the client-side tool_search in
            each listing, and hosted search where the API has it. --tools adds a row per tool.
  search    How tool_search ranks the tools for a query, with the parts of each score.

Tools file: MCP tools ({ name, description, inputSchema }: an array, a tools/list result or a whole
JSON-RPC response), or the tools of an OpenAI Responses, OpenAI Chat Completions, Anthropic Messages,
Gemini or Amazon Bedrock Converse request (an array of them, or the whole request body); the shape is
detected from the tools' fields. - reads it from standard input.

Options:
  --model <id>         inspect: plan for this model (e.g. gpt-5.4, claude-sonnet-4-6, gemini-2.5-pro);
                       without it the plan is the client-side mechanism, which every model can use
  --api <api>          inspect: openai-responses, openai-chat, anthropic-messages, gemini or bedrock-converse
                       (default: all five)
  --platform <name>    inspect: what serves the model: anthropic, bedrock, bedrock-converse, vertex,
                       foundry, openai, azure-openai, or gateway (a proxy or custom base URL)
  --mechanism <m>      inspect: auto (default with --model), openai, claude or client (the default
                       without --model)
  --listing <listing>  inspect: how the plan lists deferred tools: auto (default: names up to 1,000
                       deferred tools, else none), full, compact, names or none
  --reveal <reveal>    inspect: where a loaded schema goes: auto (default: native where the provider
                       documents tool additions for the model, else conversation), conversation,
                       native (added to the conversation as the provider's tool addition) or tool-list
  --message <text>     inspect: a user's message: which tools the prediction step would load for it
                       before the model's first request, with each ranked tool's score and outcome
  --predict <p>        inspect: the prediction step: auto (default: the best 3 deferred tools scoring
                       at least 2 and a quarter of the best score), off, <maxTools>[,<minScore>[,<minShare>]]
  --tools              inspect: also print each tool's status, reason and schema bytes (a row per tool,
                       after the summary)
  --max-results <n>    search: at most n results (default 8, the index's; tool_search returns 3)
  --format <format>    the tools' shape, instead of detecting it: mcp, openai-responses, openai-chat,
                       anthropic-messages, gemini or bedrock-converse
  --json               print the report as JSON, for scripts
  -h, --help           print this help
  -v, --version        print the version

Tokens are o200k_base counts when gpt-tokenizer is installed, else estimated as UTF-8 bytes / 4 (labelled so).
`;

async function run(command: CLICommand, input: CLIInput): Promise<string> {
  switch (command.kind) {
    case 'help':
      return HELP;
    case 'version':
      return `${version}\n`;
    case 'inspect': {
      const { tools, source } = await readCLITools(command.file, input.readStandardInput, command.format);
      const report = resolveInspectReport({ ...command, tools }, await loadTokenCounter());
      return command.json ? `${JSON.stringify({ source, ...report }, null, 2)}\n` : formatInspectReport(report, source, command.toolTable);
    }
    case 'search': {
      const { tools, source } = await readCLITools(command.file, input.readStandardInput, command.format);
      const explained = explainToolSearch(tools, command.query, command.maxResults === undefined ? {} : { maxResults: command.maxResults });
      return command.json
        ? `${JSON.stringify({ source, query: command.query, toolCount: tools.length, ...explained }, null, 2)}\n`
        : formatSearchReport(command.query, explained, tools.length);
    }
    default:
      return assertNever(command, 'command');
  }
}
