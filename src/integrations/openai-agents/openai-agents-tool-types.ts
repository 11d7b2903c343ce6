import type { FunctionTool, RunContext, Tool } from '@openai/agents';

/**
 * The Agents SDK's tool types as this integration uses them: of any run context, since the caller's tools are typed
 * for the caller's context (`Tool<MyContext>`), and a function tool's `invoke` takes it (so `unknown` would not accept
 * them).
 */

/** Any Agents SDK tool: a function, hosted, computer, shell or apply-patch tool. */
// biome-ignore lint/suspicious/noExplicitAny: a tool of any run context; `unknown` would not accept the caller's typed tools.
export type AgentsTool = Tool<any>;

/** A function tool of any run context, parameters and result. */
// biome-ignore lint/suspicious/noExplicitAny: as above, of any parameters and result.
export type AgentsFunctionTool = FunctionTool<any, any, any>;

/** The run context a tool is called with, of any context. */
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type AgentsRunContext = RunContext<any>;
