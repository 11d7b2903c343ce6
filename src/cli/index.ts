#!/usr/bin/env node
/**
 * `tool-search`, the command line: `inspect` shows what a tool catalog costs per wire API and mechanism and how the
 * plan treats each tool; `search` shows how `tool_search` ranks the catalog for a query, with the parts of each score.
 * The one part of the package that uses Node built-ins (files, standard input, the process); built to `dist/cli.js`.
 */
import process from 'node:process';
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

const HELP = `tool-search ${version}: what deferred tool loading does to a tool catalog

Usage:
  tool-search inspect <tools.json | -> [--model <id>] [--api <api>] [--platform <platform>] [--mechanism <m>]
                      [--listing <listing>] [--reveal <reveal>] [--message <text>] [--predict <p>]
                      [--format <format>] [--json]
  tool-search search <tools.json | -> <query…> [--max-results <n>] [--format <format>] [--json]

Commands:
  inspect   The plan (mechanism, what is deferred and why, warnings) and the request bytes and tokens per
            wire API and mechanism: every schema in full, the client-side tool_search in each listing,
            and hosted search where the API has it.
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
                       at least 2), off, <maxTools> or <maxTools>,<minScore>
  --max-results <n>    search: at most n results (default 8, the index's; tool_search returns 3)
  --format <format>    the tools' shape, instead of detecting it: mcp, openai-responses, openai-chat,
                       anthropic-messages, gemini or bedrock-converse
  --json               print the report as JSON, for scripts
  -h, --help           print this help
  -v, --version        print the version

Tokens are o200k_base counts when gpt-tokenizer is installed, else estimated as UTF-8 bytes / 4 (labelled so).
`;

async function run(command: CLICommand): Promise<string> {
  switch (command.kind) {
    case 'help':
      return HELP;
    case 'version':
      return `${version}\n`;
    case 'inspect': {
      const { tools, source } = await readCLITools(command.file, readStandardInput, command.format);
      const report = resolveInspectReport(
        {
          tools,
          ...(command.model === undefined ? {} : { model: command.model }),
          ...(command.api === undefined ? {} : { api: command.api }),
          ...(command.platform === undefined ? {} : { platform: command.platform }),
          ...(command.mechanism === undefined ? {} : { mechanism: command.mechanism }),
          ...(command.listing === undefined ? {} : { listing: command.listing }),
          ...(command.reveal === undefined ? {} : { reveal: command.reveal }),
          ...(command.message === undefined ? {} : { message: command.message }),
          ...(command.predict === undefined ? {} : { predict: command.predict }),
        },
        await loadTokenCounter(),
      );
      return command.json ? `${JSON.stringify({ source, ...report }, null, 2)}\n` : formatInspectReport(report, source);
    }
    case 'search': {
      const { tools, source } = await readCLITools(command.file, readStandardInput, command.format);
      const explained = explainToolSearch(tools, command.query, command.maxResults === undefined ? {} : { maxResults: command.maxResults });
      return command.json
        ? `${JSON.stringify({ source, query: command.query, toolCount: tools.length, ...explained }, null, 2)}\n`
        : formatSearchReport(command.query, explained, tools.length);
    }
    default:
      return assertNever(command, 'command');
  }
}

async function readStandardInput(): Promise<string> {
  if (process.stdin.isTTY)
    throw new Error('`-` reads the tools from standard input, but it is a terminal: pipe a file in (`cat tools.json | tool-search inspect -`)');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// `tool-search … | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

try {
  process.stdout.write(await run(parseCLIArguments(process.argv.slice(2))));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const usage = isToolSearchError(error) && error.code === 'invalid-options';
  process.stderr.write(`tool-search: ${message}\n${usage ? 'Run `tool-search --help` for usage.\n' : ''}`);
  process.exitCode = usage ? 2 : 1;
}
