import { TOOL_SEARCH_TOOL_DEFINITION } from '../src/tools/tool-search-tool-definition.js';
import type { BenchContext, BenchPart } from './bench-context.js';
import type { BenchChart, BenchTable, BenchTarget } from './bench-report.js';
import { BENCH_WIRE_ADAPTERS } from './bench-wire-adapters.js';
import { formatCount, formatPercent } from './format-figure.js';
import { measureRequestPromptSize, type RequestPromptSize, type RequestPromptSizeRow } from './measure-request-prompt-size.js';
import { measureSeedPromptSize, type SeedMeasureRow, type SeedMeasureVariant } from './measure-seed-prompt-size.js';
import type { PromptSurface } from './prompt-surface.js';

const VARIANT_LABEL: Record<SeedMeasureVariant, string> = {
  'full-schemas': 'full schemas (no deferral)',
  seed: "seed's rule (its tool_search and note)",
  'client-default': 'library, client, default configuration (`auto` listing, reveals in the conversation)',
  'client-full': 'library, client, `full` listing',
  'client-compact': 'library, client, `compact` listing',
  'client-names': 'library, client, `names` listing',
  'client-none': 'library, client, `none` listing',
  floor: 'floor: names + descriptions + tool_search',
};

/** The surfaces of part 1, in table order. */
export function resolvePromptSurfaces(context: BenchContext): PromptSurface[] {
  const { fixtures, largeCatalog } = context;
  return [
    {
      id: 'generic-agent',
      label: `seed's generic agent (${fixtures.genericAgent.length + 1})`,
      tools: [...fixtures.genericAgent, TOOL_SEARCH_TOOL_DEFINITION],
      ownSearchTool: true,
    },
    { id: 'github-mcp', label: `GitHub MCP (${formatCount(fixtures.githubMCP.length)})`, tools: fixtures.githubMCP },
    { id: 'bfcl', label: `BFCL (${formatCount(fixtures.bfclCatalog.length)})`, tools: fixtures.bfclCatalog },
    { id: 'grown', label: `grown catalog (${formatCount(largeCatalog.length)})`, tools: largeCatalog },
  ];
}

/**
 * Part 1, prompt size: the seed's own measure on every surface, then the bytes the library really puts in each API's
 * request body, then what the hosted mechanisms' models see.
 */
export const PROMPT_SIZE_PART: BenchPart = {
  id: 'prompt-size',
  title: 'Prompt size',
  async run(context) {
    const surfaces = resolvePromptSurfaces(context);
    const { tokenizeUpTo } = context.settings;
    const measured = surfaces.map((surface) => ({ surface, rows: measureSeedPromptSize(surface, tokenizeUpTo) }));
    const [seedSurface] = measured;
    const tables: BenchTable[] = [];
    if (seedSurface !== undefined) tables.push(formatSeedSurfaceTable(seedSurface.rows));
    tables.push(formatSeedMeasureTable(measured));
    context.progress("the seed's measure on every surface");
    const requests = surfaces.flatMap((surface) => BENCH_WIRE_ADAPTERS.map((adapter) => measureRequestPromptSize(surface, adapter, tokenizeUpTo)));
    context.progress('request bodies through the five transformers');
    tables.push(formatRequestTable(requests, 'bytes'), formatRequestTable(requests, 'tokens'), formatHostedTable(requests));
    const quickNote = Number.isFinite(tokenizeUpTo)
      ? [
          `Quick mode: texts over ${formatCount(tokenizeUpTo)} characters (the grown catalog) are not tokenized; their token figures read n/a. The full run counts them.`,
        ]
      : [];
    return {
      notes: [
        ...quickNote,
        "The seed's measure (seed-implementation.md §11): Σ over tools of the bytes of compact JSON `{name, description, parameters}`, fresh session, threshold 15, `tool_search` keeps its schema. It leaves the system-prompt note out; the `list + note` columns put it back, because the `names` listing moves the deferred tools' names into the note.",
        'Tokens: o200k_base (GPT-4o/GPT-5) via `gpt-tokenizer`, over the JSON text of the list plus the note. Claude and Gemini tokenize differently and providers render tools in their own formats; treat token counts as a proxy, and the byte and percentage figures as exact.',
        "Request bytes: each API's body as a user builds it without this package (original names, full schemas) is run through the package's reader, `resolveToolSearch` and the API's transformer (`transformOpenAIResponsesRequest`, `transformOpenAIChatRequest`, `transformAnthropicMessagesRequest`, `transformGeminiRequest`, `transformBedrockConverseRequest`); the figure is `JSON.stringify(body.tools)` plus the text the transformer added to the system slot, first turn, nothing revealed.",
        "Targets are judged on the seed's measure (the one behind its 67%) for the `full` and `compact` listings, and on list + note for `names`.",
        `Surfaces: the seed's 18 representative tools plus the library's own \`tool_search\`; GitHub's MCP server; BFCL (its catalog already has a tool named \`tool_search\`, which the client mechanism replaces with its own); and the grown catalog from \`bench/quality\`'s builder (BFCL + GitHub MCP repeated under \`srvN__\` prefixes).`,
      ],
      tables,
      charts: [formatPromptSizeChart(measured)],
      targets: resolvePromptSizeTargets(measured),
      missing: [],
    };
  },
};

function judged(row: SeedMeasureRow): number {
  // `names` moves deferred names into the note (and `none` and the default leave tools out), so only list + note is
  // a fair figure for them.
  return row.variant === 'client-names' || row.variant === 'client-none' || row.variant === 'client-default' ? listAndNoteReduction(row) : listReduction(row);
}

function listReduction(row: SeedMeasureRow): number {
  return 1 - row.toolListBytes / row.baseline.toolListBytes;
}

function listAndNoteReduction(row: SeedMeasureRow): number {
  return 1 - (row.toolListBytes + row.noteBytes) / row.baseline.toolListBytes;
}

function formatSeedSurfaceTable(rows: readonly SeedMeasureRow[]): BenchTable {
  return {
    title: "The seed's measure on its 19-tool surface",
    columns: ['variant', 'tool list (B)', 'smaller', 'parameters (B)', 'smaller', '~tokens (B/4)', 'note (B)', 'list + note (B)', 'smaller'],
    rows: rows.map((row) => [
      VARIANT_LABEL[row.variant],
      `${formatCount(row.baseline.toolListBytes)} → ${formatCount(row.toolListBytes)}`,
      formatPercent(listReduction(row)),
      `${formatCount(row.baseline.parameterBytes)} → ${formatCount(row.parameterBytes)}`,
      formatPercent(1 - row.parameterBytes / row.baseline.parameterBytes),
      `${formatCount(row.baseline.toolListBytes / 4)} → ${formatCount(row.toolListBytes / 4)}`,
      formatCount(row.noteBytes),
      formatCount(row.toolListBytes + row.noteBytes),
      formatPercent(listAndNoteReduction(row)),
    ]),
    notes: [
      "The seed publishes 9,083 → 2,963 B (67.4% smaller) and parameters 7,153 → 1,033 B (85.6%); its row here is computed from its documented definitions (`bench/seed-tool-search-definition.ts`). The library's rows use the library's own `tool_search`, whose description and schema are longer, so their baseline is larger too.",
      "`~tokens` is the seed's bytes / 4 rule of thumb, for comparison with its table only.",
    ],
  };
}

function formatSeedMeasureTable(measured: readonly { surface: PromptSurface; rows: readonly SeedMeasureRow[] }[]): BenchTable {
  return {
    title: "The seed's measure on every surface",
    columns: [
      'surface',
      'variant',
      'schemas deferred',
      'tool list (B)',
      'smaller',
      'list + note (B)',
      'smaller',
      'tokens, list + note',
      'smaller',
      'over the floor',
    ],
    rows: measured.flatMap(({ surface, rows }) => {
      const floor = rows.find((row) => row.variant === 'floor');
      return rows.map((row) => [
        surface.label,
        VARIANT_LABEL[row.variant],
        formatCount(row.deferred),
        formatCount(row.toolListBytes),
        formatPercent(listReduction(row)),
        formatCount(row.toolListBytes + row.noteBytes),
        formatPercent(listAndNoteReduction(row)),
        formatCount(row.tokens),
        formatPercent(1 - row.tokens / row.baseline.tokens),
        floor === undefined || row.variant === 'full-schemas' ? '—' : formatPercent((row.toolListBytes + row.noteBytes) / floor.toolListBytes - 1),
      ]);
    }),
    notes: [
      '`over the floor`: how much larger list + note is than the floor (negative: smaller, possible only when descriptions are cut or moved out of the list).',
    ],
  };
}

function formatPromptSizeChart(measured: readonly { surface: PromptSurface; rows: readonly SeedMeasureRow[] }[]): BenchChart {
  return {
    file: 'prompt-size.svg',
    title: 'Prompt size: tool list + note, % of the full-schema size (lower is better)',
    unit: "% of the full-schema tool list (seed's measure, note included)",
    scale: 'linear',
    max: 100,
    digits: 1,
    groups: measured.map(({ surface, rows }) => ({
      label: surface.label,
      bars: rows
        .filter((row) => row.variant !== 'full-schemas')
        .map((row) => ({
          series: VARIANT_LABEL[row.variant].replace(/`/g, ''),
          value: ((row.toolListBytes + row.noteBytes) / row.baseline.toolListBytes) * 100,
        })),
    })),
  };
}

function resolvePromptSizeTargets(measured: readonly { surface: PromptSurface; rows: readonly SeedMeasureRow[] }[]): BenchTarget[] {
  const find = (surface: string, variant: SeedMeasureVariant) =>
    measured.find((entry) => entry.surface.id === surface)?.rows.find((row) => row.variant === variant);
  const targets: BenchTarget[] = [];
  const seedSurface = measured.find((entry) => entry.surface.id === 'generic-agent');
  const seedRow = find('generic-agent', 'seed');
  if (seedRow !== undefined) {
    targets.push({
      target: "Reproduce the seed's figure: 9,083 → 2,963 B (67.4%), parameters 7,153 → 1,033 B",
      figure: `${formatCount(seedRow.baseline.toolListBytes)} → ${formatCount(seedRow.toolListBytes)} B (${formatPercent(listReduction(seedRow))}), parameters ${formatCount(seedRow.baseline.parameterBytes)} → ${formatCount(seedRow.parameterBytes)} B`,
      status:
        Math.abs(seedRow.baseline.toolListBytes - 9083) <= 8 && Math.abs(seedRow.toolListBytes - 2963) <= 8 && Math.abs(seedRow.parameterBytes - 1033) <= 8
          ? 'met'
          : 'missed',
    });
  }
  const seedFull = find('generic-agent', 'client-full');
  const seedCompact = find('generic-agent', 'client-compact');
  const seedNames = find('generic-agent', 'client-names');
  const seedDefault = find('generic-agent', 'client-default');
  if (seedSurface !== undefined && seedFull !== undefined && seedCompact !== undefined && seedNames !== undefined && seedDefault !== undefined) {
    targets.push({
      target: `${seedSurface.surface.label.replace(/^seed's /, "Seed's ")}: tool list ≥ 70% smaller (seed 67%), default configuration (list + note)`,
      figure: `default ${formatPercent(judged(seedDefault))}; full ${formatPercent(judged(seedFull))} (list + note ${formatPercent(listAndNoteReduction(seedFull))}); compact ${formatPercent(judged(seedCompact))}; names ${formatPercent(judged(seedNames))} (list + note)`,
      status: judged(seedDefault) >= 0.7 ? 'met' : 'missed',
    });
  }
  for (const surfaceId of ['github-mcp', 'bfcl']) {
    const entry = measured.find((candidate) => candidate.surface.id === surfaceId);
    const full = find(surfaceId, 'client-full');
    const compact = find(surfaceId, 'client-compact');
    const names = find(surfaceId, 'client-names');
    const floor = find(surfaceId, 'floor');
    if (entry === undefined || full === undefined || compact === undefined || names === undefined) continue;
    targets.push({
      target: `${entry.surface.label}: ≥ 75% smaller in \`full\` (\`compact\` reported)`,
      figure: `full ${formatPercent(judged(full))}; compact ${formatPercent(judged(compact))}${floor === undefined ? '' : `; floor ${formatPercent(judged(floor))}`}`,
      status: judged(full) >= 0.75 ? 'met' : 'missed',
    });
    targets.push({
      target: `${entry.surface.label}: ≥ 90% smaller in \`names\``,
      figure: `${formatPercent(judged(names))} (list + note)`,
      status: judged(names) >= 0.9 ? 'met' : 'missed',
    });
  }
  return targets;
}

type RequestFigure = 'bytes' | 'tokens';

function figureOf(size: RequestPromptSize, figure: RequestFigure): number {
  return figure === 'bytes' ? size.toolsBytes + size.noteBytes : size.tokens;
}

function formatReduced(size: RequestPromptSize, baseline: RequestPromptSize, figure: RequestFigure): string {
  if (!Number.isFinite(figureOf(size, figure))) return 'n/a';
  return `${formatCount(figureOf(size, figure))} (${formatPercent(1 - figureOf(size, figure) / figureOf(baseline, figure))})`;
}

function formatRequestTable(rows: readonly RequestPromptSizeRow[], figure: RequestFigure): BenchTable {
  const unit = figure === 'bytes' ? 'B' : 'o200k tokens';
  return {
    title: `Request body, client mechanism: tools slot + note, ${unit} (smaller by)`,
    columns: ['surface', 'API', 'full schemas', '`full` listing', '`compact` listing', '`names` listing', 'floor'],
    rows: rows.map((row) => [
      row.surface.label,
      row.api,
      formatCount(figureOf(row.baseline, figure)),
      formatReduced(row.client.full, row.baseline, figure),
      formatReduced(row.client.compact, row.baseline, figure),
      formatReduced(row.client.names, row.baseline, figure),
      formatReduced(row.floor, row.baseline, figure),
    ]),
    notes:
      figure === 'bytes'
        ? [
            "Each API wraps a tool differently (Chat Completions nests `function`, Responses adds `type` and `strict`, Gemini nests declarations), so the same stub costs a different number of bytes per API; the floor is built in each API's own shape.",
            'Gemini accepts at most 512 function declarations: above that its transformer sends the `names` listing whatever the configured one (warning `listing-changed-to-names`), and the full-schema baseline could not be sent at all.',
            ...resolveWarningNotes(rows),
          ]
        : ['Token counts use o200k for every API (a proxy: Claude and Gemini tokenizers differ).'],
  };
}

function resolveWarningNotes(rows: readonly RequestPromptSizeRow[]): string[] {
  const byCode = new Map<string, string[]>();
  for (const row of rows) for (const code of row.warnings) byCode.set(code, [...(byCode.get(code) ?? []), `${row.surface.label} on ${row.api}`]);
  return [...byCode].map(([code, where]) => `Transformer warning \`${code}\`: ${where.join('; ')}.`);
}

function formatHostedTable(rows: readonly RequestPromptSizeRow[]): BenchTable {
  // A name-prefix row that grouped nothing repeats the top-level row; it is left out.
  const hosted = rows.flatMap((row) =>
    row.hosted
      .filter(
        (entry) =>
          entry.namespaces !== 'name-prefix' ||
          row.hosted.some((other) => other.namespaces === 'top-level' && other.modelSees.toolsBytes !== entry.modelSees.toolsBytes),
      )
      .map((entry) => ({ ...row, hosted: entry })),
  );
  return {
    title: 'Hosted mechanisms: request bytes and what the model sees',
    columns: [
      'surface',
      'mechanism',
      'deferred',
      'request tools, full schemas (B)',
      'request tools, hosted (B)',
      'model sees (B)',
      'smaller',
      'model sees (o200k)',
      'smaller',
    ],
    rows: hosted.map((row) => [
      row.surface.label,
      row.hosted.mechanism === 'claude-hosted'
        ? 'Claude hosted (Messages)'
        : `OpenAI hosted (Responses), ${row.hosted.namespaces === 'name-prefix' ? 'namespaces by name prefix' : 'functions top-level'}`,
      formatCount(row.hosted.deferred),
      formatCount(row.baseline.toolsBytes),
      formatCount(row.hosted.request.toolsBytes),
      formatCount(row.hosted.modelSees.toolsBytes),
      formatPercent(1 - row.hosted.modelSees.toolsBytes / row.baseline.toolsBytes),
      formatCount(row.hosted.modelSees.tokens),
      formatPercent(1 - row.hosted.modelSees.tokens / row.baseline.tokens),
    ]),
    notes: [
      'Hosted search still sends every full definition (the provider needs them to search), so the request grows slightly (`defer_loading` flags, the search tool); what shrinks is what the model reads.',
      "Model sees, as each provider documents it: OpenAI (providers.md 2.2) shows a deferred top-level function by name and description and a namespace by its name and description only; Anthropic (1.3, 1.8) does not render deferred tools at all until a search returns them. Counted as compact JSON of the visible entries; the providers' real rendering is not public, so treat these as estimates. The OpenAI figure depends on namespaces: these catalogs have no `category`, so by default deferred functions stay top-level (each still shows its name and description); with the transformer's `uncategorized: 'name-prefix'` option, tools sharing a name prefix (BFCL's `ChaDri.`, the grown catalog's `srvN__`) become one namespace each and the model sees one line per namespace. Whether the model still finds tools behind a namespace line cannot be measured offline.",
    ],
  };
}
