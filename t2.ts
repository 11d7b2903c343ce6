import { resolveToolSearch } from './src/plan/resolve-tool-search.js';
import { transformAnthropicMessagesRequest } from './src/providers/anthropic/transform-anthropic-messages-request.js';
import { parseAnthropicMessagesTools } from './src/providers/anthropic/parse-anthropic-messages-tools.js';
import { preflightAnthropicMessagesRequest } from './src/providers/anthropic/preflight-anthropic-messages-request.js';
const messages = [
  { role: 'user', content: 'find it' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: 'weather' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
];
const own = { name: 'tool_search', description: 'My own search', inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } } };
const body = { model: 'claude-opus-4-5', max_tokens: 10, messages, tools: [0, 1].map((i) => ({ name: `tool_${i}`, description: 'd', input_schema: { type: 'object' } })) };
const plan = resolveToolSearch({ id: 'claude-opus-4-5', api: 'anthropic-messages' }, parseAnthropicMessagesTools(body), { threshold: 3, search: 'library' });
const once = transformAnthropicMessagesRequest(body as never, plan, { catalog: [own] });
console.log(JSON.stringify(once.body.tools), once.warnings, preflightAnthropicMessagesRequest(once.body).violations);
