/**
 * The README's MCP example, run as it is written: its block becomes a module whose `tool-search` imports resolve to
 * src/ (vitest.config.ts) or, under scripts/check-installed-package.mjs (`TOOL_SEARCH_APP`), to the installed
 * package; the two MCP clients it declares are real `Client`s connected to real `McpServer`s in memory. The test
 * calls the example's `runTool` with catalog names, as the quick start's loop would.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMCPServer, registerGitHubTools, registerLinearTools, type ConnectedMCPServer } from '../support/mcp-servers.js';

const root = join(import.meta.dirname, '..', '..');
const app = process.env.TOOL_SEARCH_APP;
const generated = app === undefined ? join(root, 'test', '.generated') : join(app, 'readme-examples');
const section = /^## MCP servers\n[\s\S]*?(?=^## )/m.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[0] ?? '';
const blocks = [...section.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1] as string);

interface MCPExample {
  readonly runTool: (name: string, args: unknown) => Promise<string>;
  readonly catalog: { readonly tools: readonly { readonly name: string }[] };
}

const servers: ConnectedMCPServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe("the README's MCP example", () => {
  it('is one block', () => {
    expect(blocks).toHaveLength(1);
  });

  it("builds one catalog of two servers' tools and sends each call to the server that has the tool", async () => {
    const github = await connectMCPServer('github', registerGitHubTools);
    const linear = await connectMCPServer('linear', registerLinearTools);
    servers.push(github, linear);
    Object.assign(globalThis, { github: github.client, linear: linear.client });

    mkdirSync(generated, { recursive: true });
    const file = join(generated, 'readme-mcp-example.ts');
    writeFileSync(file, `${blocks[0] ?? ''}\nexport { runTool, catalog };\n`);
    const example = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as MCPExample;

    expect(example.catalog.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['github__create_issue', 'linear__create_issue']));
    // `github__create_issue` reaches GitHub's `create_issue`, `linear__create_issue` Linear's: each server answers its own.
    expect(JSON.parse(await example.runTool('github__create_issue', { owner: 'octo', repo: 'hello', title: 'Bug' }))).toEqual([
      { type: 'text', text: 'created #1' },
    ]);
    expect(JSON.parse(await example.runTool('linear__create_issue', { team: 'T1', title: 'Bug' }))).toEqual([{ type: 'text', text: 'created LIN-1' }]);
  });
});
