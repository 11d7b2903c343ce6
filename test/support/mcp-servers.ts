import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** A connected MCP client and how to close it and its server. */
export interface ConnectedMCPServer {
  readonly client: Client;
  close(): Promise<void>;
}

/**
 * Starts a real `McpServer` with the tools `register` adds, connects a real `Client` to it over the SDK's in-memory
 * transport, and returns the client.
 */
export async function connectMCPServer(name: string, register: (server: McpServer) => void): Promise<ConnectedMCPServer> {
  const server = new McpServer({ name, version: '1.0.0' });
  register(server);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'tool-search-test', version: '1.0.0' });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** A GitHub-like server: three tools, one with a title, annotations and an output schema. */
export function registerGitHubTools(server: McpServer): void {
  server.registerTool(
    'create_issue',
    {
      title: 'Create issue',
      description: 'Create a new issue in a GitHub repository.',
      inputSchema: { owner: z.string().describe('Repository owner'), repo: z.string(), title: z.string(), body: z.string().optional() },
      outputSchema: { number: z.number() },
      annotations: { readOnlyHint: false, openWorldHint: true },
      _meta: { 'example.com/team': 'platform' },
    },
    async () => ({ content: [{ type: 'text', text: 'created #1' }], structuredContent: { number: 1 } }),
  );
  server.registerTool(
    'search_code',
    { description: 'Search code across GitHub repositories.', inputSchema: { query: z.string() }, annotations: { readOnlyHint: true } },
    async ({ query }) => ({ content: [{ type: 'text', text: `no match for ${query}` }] }),
  );
  server.registerTool('get_me', { description: 'Get the authenticated GitHub user.' }, async () => ({ content: [{ type: 'text', text: 'octocat' }] }));
}

/** A Linear-like server: two tools, one sharing a name with the GitHub-like server. */
export function registerLinearTools(server: McpServer): void {
  server.registerTool(
    'create_issue',
    { description: 'Create a Linear issue in a team.', inputSchema: { team: z.string(), title: z.string(), priority: z.enum(['low', 'high']).optional() } },
    async () => ({ content: [{ type: 'text', text: 'created LIN-1' }] }),
  );
  server.registerTool('list_projects', { description: 'List the projects of a Linear team.', inputSchema: { team: z.string() } }, async () => ({
    content: [{ type: 'text', text: '[]' }],
  }));
}
