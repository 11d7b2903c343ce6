import type { DeferredReason, LoadedReason, ToolSearchMechanism, ToolSearchWarning } from '../plan/tool-search-plan.js';
import { formatCLINumber, formatCLITable } from './format-cli-table.js';
import type { InspectAPIPlan, InspectReport } from './resolve-inspect-report.js';
import type { ToolPredictionOutcome } from '../request/resolve-tool-prediction.js';

/**
 * `tool-search inspect`'s report as readable text, summary first: the plan (per wire API when no `--api` is given,
 * written from the same per-API plans as the rows marked `*`), why tools are deferred or loaded, warnings, and the
 * request sizes per API and mechanism. The per-tool table, one row per tool, comes last and only on request
 * (`--tools`, `toolTable`): a catalog of 10,000 tools would otherwise bury the summary.
 */
export function formatInspectReport(report: InspectReport, source: string, toolTable = false): string {
  const { plan } = report;
  const lines: string[] = [`${formatCLINumber(plan.toolCount)} tools from ${source}`, ''];
  lines.push(...describePlans(report));
  const deferred = plan.tools.filter((tool) => tool.status === 'deferred').length;
  const why = (reason: DeferredReason | LoadedReason): string => describeReason(reason, plan.toolCount, plan.threshold);
  lines.push(`  Deferred: ${formatCLINumber(deferred)}`, ...describeCounts(report.deferredBy, why));
  lines.push(`  Loaded: ${formatCLINumber(plan.toolCount - deferred)}`, ...describeCounts(report.loadedBy, why));
  const warnings = collectWarnings(report);
  lines.push(warnings.length === 0 ? 'Warnings: none' : 'Warnings:', ...warnings.map((warning) => `  - ${warning.code}: ${warning.message}`));
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
  if (toolTable) {
    lines.push('', 'Tools:');
    lines.push(
      formatCLITable(
        ['tool', 'status', 'reason', 'schema bytes'],
        report.tools.map((tool) => [tool.name, tool.status, tool.reason, formatCLINumber(tool.schemaBytes)]),
        new Set([3]),
      ),
    );
  } else {
    lines.push(`Each tool's status, reason and schema bytes: add --tools (${formatCLINumber(report.tools.length)} rows).`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The plan lines: one plan when `--api` is given or every API gets the same, else one line per group of APIs that get
 * the same, each with where a loaded schema goes and why. Below the threshold a plan defers nothing, and says so
 * rather than name the mechanism that would apply at the threshold.
 */
function describePlans(report: InspectReport): string[] {
  const { plan } = report;
  const settings = (entry: InspectAPIPlan): string =>
    entry.mechanism === 'none'
      ? describeNothingDeferred(entry, report)
      : `${MECHANISM_NAMES[entry.mechanism]}${entry.search === null ? '' : `, ${entry.search} search`}; listing ${entry.listing}`;
  /** Where the group's APIs put a loaded schema, and why when they all have one reason. */
  const reveal = ([first, ...rest]: readonly [InspectAPIPlan, ...InspectAPIPlan[]]): { line: string; reasoned: boolean } => {
    const reasoned = rest.every((entry) => entry.reveal.reason === first.reveal.reason);
    const { reveal: mode, additions, reason } = first.reveal;
    return { line: `Reveal: ${mode}${additions === null ? '' : `, additions by ${additions}`}${reasoned ? ` (${reason})` : ''}`, reasoned };
  };
  const groups = new Map<string, [InspectAPIPlan, ...InspectAPIPlan[]]>();
  for (const entry of report.plans) {
    const key = `${settings(entry)}\n${entry.reveal.reveal} ${entry.reveal.additions}`;
    groups.set(key, [...(groups.get(key) ?? []), entry] as [InspectAPIPlan, ...InspectAPIPlan[]]);
  }
  const [only] = groups.values();
  if (groups.size === 1 && only !== undefined) {
    const [first] = only;
    const where = report.api ?? (only.length > 1 ? 'every API' : first.api);
    const head =
      report.model === null
        ? `Plan: no --model given, so the client-side mechanism (any model can use it) on ${where}; ${first.mechanism === 'none' ? describeNothingDeferred(first, report) : `listing ${first.listing}, threshold ${plan.threshold}`}`
        : `Plan for ${report.model} on ${where}: ${settings(first)}${first.mechanism === 'none' ? '' : `, threshold ${plan.threshold}`}`;
    const { line, reasoned } = reveal(only);
    return [head, ...(reasoned ? [`  ${line}`] : [])];
  }
  const lines = [`Plan for ${report.model ?? 'any model'} per API (threshold ${plan.threshold}; --api <api> for one):`];
  for (const entries of groups.values()) {
    lines.push(`  ${entries.map((entry) => entry.api).join(', ')}: ${settings(entries[0])}`, `    ${reveal(entries).line}`);
  }
  return lines;
}

/** A plan that defers nothing: why, and what applies from the threshold on. */
function describeNothingDeferred(entry: InspectAPIPlan, report: InspectReport): string {
  const { plan } = report;
  if (entry.planMechanism === 'none') return `${MECHANISM_NAMES.none}: no mechanism applies (see the warnings)`;
  if (plan.toolCount < plan.threshold) {
    return `none: nothing is deferred (${formatCLINumber(plan.toolCount)} tools, below the threshold of ${formatCLINumber(plan.threshold)}), so every schema is sent in full; ${MECHANISM_NAMES[entry.planMechanism]} from ${formatCLINumber(plan.threshold)} tools on`;
  }
  return 'none: nothing is deferred (no tool may be), so every schema is sent in full';
}

/**
 * The report's warnings, then each warning of a per-API plan that the report's plan does not have, with the APIs that
 * get it.
 */
function collectWarnings(report: InspectReport): ToolSearchWarning<string>[] {
  const seen = new Set(report.warnings.map((warning) => `${warning.code}\n${warning.message}`));
  const extra = new Map<string, { warning: ToolSearchWarning<string>; apis: string[] }>();
  for (const entry of report.plans) {
    for (const warning of entry.warnings) {
      const key = `${warning.code}\n${warning.message}`;
      if (seen.has(key)) continue;
      const found = extra.get(key) ?? { warning, apis: [] };
      found.apis.push(entry.api);
      extra.set(key, found);
    }
  }
  return [
    ...report.warnings,
    ...[...extra.values()].map(({ warning, apis }) => ({ code: warning.code, message: `on ${apis.join(', ')}: ${warning.message}` })),
  ];
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

const PREDICTION_OUTCOMES: Readonly<Record<ToolPredictionOutcome, string>> = {
  loaded: 'preloaded',
  'below-min-score': 'not preloaded: below the minimum score',
  'below-min-share': "not preloaded: below the minimum share of the best tool's score",
  'over-max-tools': 'not preloaded: better tools took the places',
  'already-loaded': 'already loaded',
};

function describeCounts<Reason extends string>(counts: Partial<Record<Reason, number>>, describe: (reason: Reason) => string): string[] {
  return (Object.entries(counts) as [Reason, number][]).map(([reason, count]) => `    ${formatCLINumber(count)} ${reason}: ${describe(reason)}`);
}

const MECHANISM_NAMES: Readonly<Record<ToolSearchMechanism, string>> = {
  'openai-hosted': "openai-hosted (OpenAI's hosted tool search)",
  'claude-hosted': "claude-hosted (Anthropic's hosted tool search)",
  client: "client (the library's own tool_search)",
  none: 'none (full schemas, nothing deferred)',
};

function describeReason(reason: DeferredReason | LoadedReason, toolCount: number, threshold: number): string {
  const reasons: Readonly<Record<DeferredReason | LoadedReason, string>> = {
    'threshold-reached': `the list has ${formatCLINumber(toolCount)} tools, at or above the threshold of ${threshold}`,
    'policy-always': "`deferrable: 'always'`",
    'tool-limit': "deferred to fit the API's cap on tools",
    'below-threshold': `the list has ${formatCLINumber(toolCount)} tools, below the threshold of ${threshold}`,
    'policy-never': "`deferrable: 'never'`",
    'never-defer-list': 'on the never-defer list',
    'no-mechanism': 'no tool search mechanism applies',
    'search-tool': 'the tool_search tool itself',
  };
  return reasons[reason];
}
