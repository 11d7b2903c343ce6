import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';

export function createAnthropicHistoryUndefinedWarning(
  references: readonly { readonly name: string; readonly kind: string; readonly path: string }[],
  mechanism: ToolSearchPlan['mechanism'],
): AnthropicMessagesWarning {
  const byName = new Map<string, string[]>();
  for (const reference of references) byName.set(reference.name, [...(byName.get(reference.name) ?? []), `${reference.path} (${reference.kind})`]);
  const list = [...byName].map(([name, paths]) => `\`${name}\` at ${paths.join(', ')}`).join('; ');
  const fix =
    mechanism === 'claude-hosted'
      ? 'Keep the tool in `tools` (it may be deferred) or pass its definition in `catalog`, and it is sent deferred.'
      : 'Keep the tool in `tools`.';
  return {
    code: 'history-tool-undefined',
    message: `the history names tools that are not in \`tools\`: ${list}. The API will reject this request ("Tool reference '${[...byName.keys()][0]}' not found in available tools"). ${fix}`,
  };
}
