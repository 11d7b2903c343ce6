import { describe, expect, it } from 'vitest';
import { preflightRequestBody } from '../../src/preflight/preflight-request-body.js';

const invalidBody = (value: unknown) => `not a body: ${typeof value}`;

describe('preflightRequestBody', () => {
  it.each([null, 'x', 1, []])('reports %j as one invalid-body violation and checks nothing else', (body) => {
    let checked = false;
    const result = preflightRequestBody(body, invalidBody, () => {
      checked = true;
      return undefined;
    });
    expect(checked).toBe(false);
    expect(result).toEqual({ ok: false, violations: [{ rule: 'invalid-body', path: '', message: invalidBody(body) }] });
  });

  it('passes a body the checks find nothing in', () => {
    expect(preflightRequestBody({ tools: [] }, invalidBody, () => undefined)).toEqual({ ok: true, violations: [] });
  });

  it("keeps the checks' violations in order, then the lone surrogates", () => {
    const result = preflightRequestBody<'my-rule'>({ a: 'ok', b: '\ud83d' }, invalidBody, (body, report) => {
      report('my-rule', 'a', 'first');
      report('invalid-tool-name', 'b', 'second');
      expect(body.a).toBe('ok');
      return undefined;
    });
    expect(result.ok).toBe(false);
    expect(result.violations.map((violation) => [violation.rule, violation.path])).toEqual([
      ['my-rule', 'a'],
      ['invalid-tool-name', 'b'],
      ['lone-surrogate', 'b'],
    ]);
  });

  it('looks for no lone surrogates once a check stops', () => {
    const result = preflightRequestBody({ config: '\ud83d' }, invalidBody, (_, report) => {
      report('invalid-body', 'config', '`config` must be an object');
      return 'stop';
    });
    expect(result).toEqual({ ok: false, violations: [{ rule: 'invalid-body', path: 'config', message: '`config` must be an object' }] });
  });
});
