import { describe, expect, it } from 'vitest';
import type { BenchChart } from '../../bench/bench-report.js';
import { drawBarChart } from '../../bench/draw-bar-chart.js';

const chart: BenchChart = {
  file: 'example.svg',
  title: 'Latency <p50> & "more"',
  unit: 'ms',
  scale: 'linear',
  digits: 1,
  groups: [
    {
      label: 'small',
      bars: [
        { series: 'library', value: 1.5 },
        { series: 'BM25', value: 3 },
      ],
    },
    {
      label: 'large',
      bars: [
        { series: 'library', value: null },
        { series: 'BM25', value: 12 },
      ],
    },
  ],
};

describe('drawBarChart', () => {
  it('draws one bar per finite value and labels a missing one n/a', () => {
    const svg = drawBarChart(chart);
    expect(svg.match(/<rect x="\d+(?:\.\d)?" y="\d+(?:\.\d)?" width="[\d.]+" height="14"/g)).toHaveLength(3);
    expect(svg).toContain('library: n/a');
  });

  it('escapes text for XML', () => {
    const svg = drawBarChart(chart);
    expect(svg).toContain('Latency &lt;p50&gt; &amp; &quot;more&quot;');
    expect(svg).not.toContain('<p50>');
  });

  it('gives equal bytes for equal input', () => {
    expect(drawBarChart(chart)).toBe(drawBarChart(structuredClone(chart)));
  });

  it('puts powers of ten on a log axis', () => {
    const svg = drawBarChart({
      ...chart,
      scale: 'log',
      digits: 3,
      groups: [
        {
          label: 'x',
          bars: [
            { series: 'a', value: 0.004 },
            { series: 'b', value: 2.5 },
          ],
        },
      ],
    });
    for (const tick of ['0.001', '0.01', '0.1', '>1<', '>10<']) expect(svg).toContain(tick);
    expect(svg).toContain('ms (log scale)');
  });

  it('legends each series once, in order of first appearance', () => {
    const svg = drawBarChart(chart);
    const legend = [...svg.matchAll(/<text [^>]*font-size="12" font-weight="normal" fill="#222"[^>]*>([^<]+)<\/text>/g)].map((match) => match[1]);
    expect(legend.filter((text) => text === 'library' || text === 'BM25')).toEqual(['library', 'BM25']);
  });
});
