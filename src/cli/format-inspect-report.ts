import { assertNever } from '../errors/assert-never.js';
import type { DeferredReason, LoadedReason, ToolSearchMechanism } from '../plan/tool-search-plan.js';
import { formatCLINumber, formatCLITable } from './format-cli-table.js';
import type { InspectReport } from './resolve-inspect-report.js';
import type { ToolPredictionOutcome as InspectPredictionOutcome } from '../request/resolve-tool-prediction.js';

/** `tool-search inspect`'s report as readable text: the plan, why each tool is deferred or loaded, warnings, sizes. */
export function formatInspectReport(report: InspectReport, source: string): string {
  const { plan } = report;
  const lines: string[] = [`${formatCLINumber(plan.toolCount)} tools from ${source}`, ''];
  const where = report.api === null ? 'any API' : report.api;
  lines.push(
    report.model === null
      ? `Plan: no --model given, so the client-side mechanism (any model can use it) on ${where}; listing ${plan.listing}, threshold ${plan.threshold}`
      : `Plan for ${report.model} on ${where}: ${describeMechanism(plan.mechanism)}; listing ${plan.listing}, threshold ${plan.threshold}`,
  );
  const { reveal } = report;
  lines.push(`  Reveal: ${reveal.reveal}${reveal.additions === null ? '' : `, additions by ${reveal.additions}`} (${reveal.reason})`);
  const deferred = plan.tools.filter((tool) => tool.status === 'deferred').length;
  const why = (reason: DeferredReason | LoadedReason): string => describeReason(reason, plan.toolCount, plan.threshold);
  lines.push(`  Deferred: ${formatCLINumber(deferred)}`, ...describeCounts(report.deferredBy, why));
  lines.push(`  Loaded: ${formatCLINumber(plan.toolCount - deferred)}`, ...describeCounts(report.loadedBy, why));
  lines.push(report.warnings.length === 0 ? 'Warnings: none' : 'Warnings:', ...report.warnings.map((warning) => `  - ${warning.code}: ${warning.message}`));
  lines.push('', 'Tools:');
  lines.push(
    formatCLITable(
      ['tool', 'status', 'reason', 'schema bytes'],
      report.tools.map((tool) => [tool.name, tool.status, tool.reason, formatCLINumber(tool.schemaBytes)]),
      new Set([3]),
    ),
  );
  lines.push(...formatPrediction(report));
  lines.push('', `Request size per API and mechanism, first turn (tools plus the note added to the system text; ${report.tokens.counter}):`);
  lines.push(
    formatCLITable(
      ['', 'api', 'mechanism', 'listing', 'request bytes', 'model sees bytes', 'tokens', 'saved', 'deferred', 'warnings'],
      report.sizes.map((row) => [
        row.chosen ? '*' : '',
        row.api,
        row.mechanism === 'none'
          ? 'none (full schemas)'
          : row.search !== null
            ? `${row.mechanism}, ${row.search} search`
            : row.reveal === 'native'
              ? `${row.mechanism}, native by ${row.additions ?? 'value'}`
              : row.mechanism,
        row.listing ?? '-',
        formatCLINumber(row.requestBytes),
        formatCLINumber(row.promptBytes),
        formatCLINumber(row.promptTokens),
        `${row.savedPercent.toFixed(1)}%`,
        formatCLINumber(row.deferred),
        row.warnings.join(', '),
      ]),
      new Set([4, 5, 6, 7, 8]),
    ),
  );
  lines.push(
    '',
    'Hosted search sends every schema (deferred ones flagged); "model sees" counts what the provider documents as shown up front.',
    'Client rows keep a loaded schema in the tool_search result; "native" rows add it to the conversation as the provider\'s tool addition (no call_tool).',
    report.model === null ? 'Pass --model to mark the row the plan chooses for a model.' : `* what ${report.model} gets on that API.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The `--message` section: what the prediction step would load for the message, and each ranked tool's outcome. */
function formatPrediction(report: InspectReport): string[] {
  const { prediction } = report;
  if (prediction === null) return [];
  const lines = ['', `Prediction for ${JSON.stringify(prediction.message)}:`];
  if (prediction.settings === null) return [...lines, `  nothing is preloaded: ${prediction.reason}`];
  const how = prediction.delivery === 'addition' ? "the provider's tool addition" : "the package's tool_search call and its result, after the message";
  lines.push(
    `  Rule: ${prediction.reason}`,
    prediction.loaded.length === 0
      ? '  Preloads nothing: no deferred tool clears the rule; the model calls tool_search if it needs one'
      : `  Preloads ${prediction.loaded.join(', ')} (as ${how}); tools + system text do not change`,
  );
  if (prediction.ranked.length > 0) {
    lines.push(
      formatCLITable(
        ['tool', 'score', 'outcome'],
        prediction.ranked.map((candidate) => [candidate.name, candidate.score.toFixed(2), PREDICTION_OUTCOMES[candidate.outcome]]),
        new Set([1]),
      ),
    );
  }
  return lines;
}

const PREDICTION_OUTCOMES: Readonly<Record<InspectPredictionOutcome, string>> = {
  loaded: 'preloaded',
  'below-min-score': 'not preloaded: below the minimum score',
  'over-max-tools': 'not preloaded: better tools took the places',
  'already-loaded': 'already loaded',
};

function describeCounts<Reason extends string>(counts: Partial<Record<Reason, number>>, describe: (reason: Reason) => string): string[] {
  return (Object.entries(counts) as [Reason, number][]).map(([reason, count]) => `    ${formatCLINumber(count)} ${reason}: ${describe(reason)}`);
}

function describeMechanism(mechanism: ToolSearchMechanism): string {
  switch (mechanism) {
    case 'openai-hosted':
      return "openai-hosted (OpenAI's hosted tool search)";
    case 'claude-hosted':
      return "claude-hosted (Anthropic's hosted tool search)";
    case 'client':
      return "client (the library's own tool_search)";
    case 'none':
      return 'none (full schemas, nothing deferred)';
    default:
      return assertNever(mechanism, 'mechanism');
  }
}

function describeReason(reason: DeferredReason | LoadedReason, toolCount: number, threshold: number): string {
  switch (reason) {
    case 'threshold-reached':
      return `the list has ${formatCLINumber(toolCount)} tools, at or above the threshold of ${threshold}`;
    case 'policy-always':
      return "`deferrable: 'always'`";
    case 'tool-limit':
      return "deferred to fit the API's cap on tools";
    case 'below-threshold':
      return `the list has ${formatCLINumber(toolCount)} tools, below the threshold of ${threshold}`;
    case 'policy-never':
      return "`deferrable: 'never'`";
    case 'never-defer-list':
      return 'on the never-defer list';
    case 'no-mechanism':
      return 'no tool search mechanism applies';
    case 'search-tool':
      return 'the tool_search tool itself';
    default:
      return assertNever(reason, 'reason');
  }
}
