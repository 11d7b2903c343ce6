import type { ToolSearchExplanations, ToolSearchTermScore } from '../search/explain-tool-search.js';
import { formatCLINumber, formatCLITable } from './format-cli-table.js';

/** `tool-search search`'s ranking as readable text: each tool with the parts of its score. */
export function formatSearchReport(query: string, explained: ToolSearchExplanations, toolCount: number): string {
  const terms = explained.terms.length === 0 ? '(none: only stop words or punctuation)' : explained.terms.join(', ');
  const lines = [
    explained.selection ? `Query ${JSON.stringify(query)}: a select: list, each named tool scores ${100}` : `Query ${JSON.stringify(query)} → terms: ${terms}`,
    `${formatCLINumber(explained.results.length)} of ${formatCLINumber(toolCount)} tools returned (what the index returns: best first, cut by its default rule)`,
    '',
  ];
  if (explained.results.length === 0) {
    lines.push('No tool matches. tool_search would list the tool names instead.');
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    formatCLITable(
      ['#', 'tool', 'score', 'parts (term: field weight × rarity [× description length factor] = points)'],
      explained.results.map((result, index) => [
        String(index + 1),
        result.name,
        formatCLINumber(result.score),
        [
          ...result.terms.map(describeTerm),
          ...(result.coverage > 0 ? [`coverage +${formatCLINumber(result.coverage)}`] : []),
          ...(result.exactName > 0 ? [explained.selection ? `selected +${result.exactName}` : `exact name +${result.exactName}`] : []),
          ...(result.unexplained !== 0 ? [`unexplained ${formatCLINumber(result.unexplained)}`] : []),
        ].join(' · '),
      ]),
      new Set([0, 2]),
    ),
  );
  lines.push('', 'Rarity is 1 for a term only one tool has and falls toward 0 as more tools share it.');
  return `${lines.join('\n')}\n`;
}

function describeTerm(part: ToolSearchTermScore): string {
  const length = part.lengthFactor === 1 ? '' : ` × ${part.lengthFactor.toFixed(3)}`;
  // A term a result above already has (a request ranked for coverage): its parameter points and coverage bonus shrink.
  const share = part.share === 1 ? '' : part.field === 'parameters' ? ` × ${part.share} covered above` : '';
  const covered = part.share === 1 || part.field === 'parameters' ? '' : ` (covered above: coverage × ${part.share})`;
  return `${part.term}: ${part.field} ${formatCLINumber(part.fieldWeight)} × ${part.rarity.toFixed(3)}${length}${share} = ${part.points.toFixed(3)}${covered}`;
}
