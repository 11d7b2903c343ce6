#!/usr/bin/env node
/**
 * `tool-search`, the command line: `inspect` shows what a tool catalog costs per wire API and mechanism and how the
 * plan treats each tool; `search` shows how `tool_search` ranks the catalog for a query, with the parts of each score.
 * The one part of the package that uses Node built-ins (files, standard input, the process); built to `dist/cli.js`.
 * This file is the process around `runCLI`: the arguments, standard input, output and the exit status.
 */
import process from 'node:process';
import { runCLI } from './run-cli.js';

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

const result = await runCLI(process.argv.slice(2), { readStandardInput });
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.status;
