/**
 * A type test, compiled as a user's code is (strict, `exactOptionalPropertyTypes`) by scripts/check-readme-code.mjs:
 * against src/ and against the installed tarball's declarations. The MCP SDK declares its optional fields as
 * `description?: string | undefined`; its `tools/list` results and tools must be accepted wherever tools are.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createMCPToolCatalog, createToolCatalog, createToolIndex, resolveToolSearch, type ToolDefinition, type ToolDefinitionsInput } from 'tool-search';
import { createAnthropicMessagesTools } from 'tool-search/anthropic';
import { createGeminiFunctionDeclarations } from 'tool-search/gemini';
import { createOpenAIChatTools, createOpenAIResponsesTools } from 'tool-search/openai';

declare const client: Client;
declare const mcpTool: Tool;

const listed: ListToolsResult = await client.listTools();
const asInput: ToolDefinitionsInput = listed;
const asDefinition: ToolDefinition = mcpTool;
const asList: ToolDefinitionsInput = [mcpTool, ...listed.tools];
const catalog = createMCPToolCatalog({ github: await client.listTools(), linear: listed.tools });

resolveToolSearch('claude-sonnet-4-6', listed);
createToolIndex(listed);
createToolCatalog(asInput);
createAnthropicMessagesTools(catalog);
createGeminiFunctionDeclarations(listed);
createOpenAIChatTools(asList);
createOpenAIResponsesTools([asDefinition]);

// The test can fail: what is not a tool is still refused.
// @ts-expect-error a tool needs an `inputSchema`
const missingSchema: ToolDefinition = { name: 'read_file', description: 'Read a file.' };
// @ts-expect-error `deferrable` is one of three policies
const badPolicy: ToolDefinition = { name: 'read_file', inputSchema: { type: 'object' }, deferrable: 'sometimes' };
