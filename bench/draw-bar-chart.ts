import type { BenchChart } from './bench-report.js';

// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#999999', '#000000'];
const WIDTH = 900;
const LABEL_WIDTH = 250;
const PLOT_LEFT = LABEL_WIDTH + 10;
const PLOT_RIGHT = WIDTH - 80;
const BAR_HEIGHT = 14;
const BAR_GAP = 3;
const GROUP_GAP = 14;
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';

/**
 * Draws a horizontal grouped bar chart as a standalone SVG document (no dependency, no chart service): one group
 * per row label, one coloured bar per series, a legend, value labels and a linear or logarithmic axis.
 * Equal input gives equal bytes.
 */
export function drawBarChart(chart: BenchChart): string {
  const series = [...new Set(chart.groups.flatMap((group) => group.bars.map((bar) => bar.series)))];
  const colour = new Map(series.map((name, index) => [name, PALETTE[index % PALETTE.length] as string]));
  const values = chart.groups
    .flatMap((group) => group.bars.map((bar) => bar.value))
    .filter((value): value is number => value !== null && Number.isFinite(value));
  const axis = resolveAxis(chart, values);

  const legendRows = Math.ceil(series.length / 3);
  const top = 40 + legendRows * 18 + 10;
  const parts: string[] = [];
  let y = top;
  for (const group of chart.groups) {
    const groupHeight = group.bars.length * (BAR_HEIGHT + BAR_GAP) - BAR_GAP;
    parts.push(text(LABEL_WIDTH, y + groupHeight / 2 + 4, group.label, 'end', 12, '#222'));
    for (const bar of group.bars) {
      const fill = colour.get(bar.series) ?? '#999999';
      if (bar.value === null || !Number.isFinite(bar.value)) {
        parts.push(text(PLOT_LEFT + 4, y + BAR_HEIGHT - 3, `${bar.series}: n/a`, 'start', 10, '#777'));
      } else {
        const end = axis.position(bar.value);
        const width = Math.max(end - PLOT_LEFT, 1);
        parts.push(
          `<rect x="${PLOT_LEFT}" y="${y}" width="${round(width)}" height="${BAR_HEIGHT}" fill="${fill}"><title>${escapeXML(`${group.label} · ${bar.series}: ${formatValue(bar.value, chart.digits)}`)}</title></rect>`,
        );
        parts.push(text(PLOT_LEFT + width + 4, y + BAR_HEIGHT - 3, formatValue(bar.value, chart.digits), 'start', 10, '#333'));
      }
      y += BAR_HEIGHT + BAR_GAP;
    }
    y += GROUP_GAP - BAR_GAP;
  }
  const plotBottom = y;
  const grid = axis.ticks.map((tick) => {
    const x = round(axis.position(tick));
    return `<line x1="${x}" y1="${top - 6}" x2="${x}" y2="${plotBottom}" stroke="#e3e3e3"/>${text(x, plotBottom + 14, formatValue(tick, tickDigits(tick)), 'middle', 10, '#555')}`;
  });
  const legend = series.map((name, index) => {
    const x = 20 + (index % 3) * 290;
    const legendY = 40 + Math.floor(index / 3) * 18;
    return `<rect x="${x}" y="${legendY - 10}" width="12" height="12" fill="${colour.get(name)}"/>${text(x + 18, legendY, name, 'start', 12, '#222')}`;
  });
  const height = plotBottom + 40;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXML(chart.title)}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    text(20, 22, chart.title, 'start', 15, '#111', 'bold'),
    ...legend,
    ...grid,
    `<line x1="${PLOT_LEFT}" y1="${top - 6}" x2="${PLOT_LEFT}" y2="${plotBottom}" stroke="#888"/>`,
    ...parts,
    text((PLOT_LEFT + PLOT_RIGHT) / 2, plotBottom + 32, `${chart.unit}${chart.scale === 'log' ? ' (log scale)' : ''}`, 'middle', 11, '#333'),
    '</svg>',
    '',
  ].join('\n');
}

interface Axis {
  readonly ticks: readonly number[];
  position(value: number): number;
}

function resolveAxis(chart: BenchChart, values: readonly number[]): Axis {
  const span = PLOT_RIGHT - PLOT_LEFT;
  if (chart.scale === 'log') {
    const positive = values.filter((value) => value > 0);
    const low = 10 ** Math.floor(Math.log10(Math.min(...positive, 1)));
    const high = 10 ** Math.ceil(Math.log10(Math.max(...positive, chart.max ?? 0, low * 10)));
    const ticks: number[] = [];
    for (let tick = low; tick <= high * 1.0001; tick *= 10) ticks.push(tick);
    const logLow = Math.log10(low);
    const logSpan = Math.log10(high) - logLow;
    return { ticks, position: (value) => PLOT_LEFT + (span * (Math.log10(Math.max(value, low)) - logLow)) / logSpan };
  }
  const high = chart.max ?? niceCeiling(Math.max(...values, 0));
  const step = niceStep(high / 5);
  const ticks: number[] = [];
  for (let tick = 0; tick <= high * 1.0001; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { ticks, position: (value) => PLOT_LEFT + (span * Math.min(Math.max(value, 0), high)) / (high || 1) };
}

function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * magnitude >= value) return factor * magnitude;
  return 10 * magnitude;
}

function niceStep(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * magnitude >= value) return factor * magnitude;
  return 10 * magnitude;
}

function tickDigits(tick: number): number {
  if (tick === 0 || tick >= 1) return Number.isInteger(tick) ? 0 : 1;
  return Math.min(6, Math.ceil(-Math.log10(tick)) + (Number.isInteger(tick * 10 ** Math.ceil(-Math.log10(tick))) ? 0 : 1));
}

function formatValue(value: number, digits: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function text(x: number, y: number, content: string, anchor: 'start' | 'middle' | 'end', size: number, fill: string, weight = 'normal'): string {
  return `<text x="${round(x)}" y="${round(y)}" text-anchor="${anchor}" font-size="${size}" font-weight="${weight}" fill="${fill}" ${FONT}>${escapeXML(content)}</text>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeXML(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
