import { it } from 'vitest';
import { createToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
it('x', async () => {
  const cases: [string, any, any][] = [
    ['lone surrogate key', { type: 'object', additionalProperties: { type: 'string' } }, '{"\\ud800": 1}'],
    ['lone surrogate key fits', { type: 'object', additionalProperties: { type: 'string' } }, '{"\\ud800": "x"}'],
    ['root self ref', { $ref: '#' }, {}],
    ['remote ref', { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, {}],
    ['dup id', { type: 'object', properties: { a: { $id: 'https://x/a', type: 'string' }, b: { $id: 'https://x/a', type: 'number' } } }, {}],
    ['bad pattern', { type: 'object', properties: { a: { type: 'string', pattern: '[\\w-]+(' } } }, { a: 1 }],
    ['bigint', { type: 'object' }, { a: 1n }],
    ['dynamicRef', { $defs: { n: { $dynamicAnchor: 'n', type: 'string' } }, type: 'object', properties: { a: { $dynamicRef: '#n' } } }, { a: 1 }],
    ['cyclic schema', (() => { const s: any = { type: 'object', properties: {} }; s.properties.self = s; return s; })(), { self: {} }],
  ];
  for (const [label, schema, args] of cases) {
    const check = createToolCallCheck({ tools: [{ name: 't', inputSchema: schema }], store: createMemoryRevealStore() });
    const r = await check.check({ name: 't', arguments: args }, { sessionId: 's' });
    console.log(label.padEnd(24), r.ok ? `ok checked=${(r as any).checked}` : `refused ${JSON.stringify((r as any).result.errors)}`);
  }
});
