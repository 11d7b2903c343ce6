import { describe, expect, it } from 'vitest';
import { createPreflightToolNames } from '../../src/preflight/create-preflight-tool-names.js';
import type { PreflightViolation } from '../../src/preflight/preflight-result.js';
import type { ToolNameRule } from '../../src/names/tool-name-rule.js';

const rule: ToolNameRule = { label: 'Test', allowed: /[a-z_]/, maxLength: 8 };
const messages = {
  invalid: (name: unknown, place: string) => `bad ${JSON.stringify(name)} at ${place}`,
  duplicate: (name: string, first: string, place: string) => `${name}: ${first} and ${place}`,
};

function scope() {
  const violations: PreflightViolation[] = [];
  const names = createPreflightToolNames(rule, messages, (rule, path, message) => violations.push({ rule, path, message }));
  return { names, violations };
}

describe('createPreflightToolNames', () => {
  it('accepts names the rule accepts and reports the others at <place>.name', () => {
    const { names, violations } = scope();
    expect(names.checkName('get_it', 'tools[0]')).toBe(true);
    expect(names.checkName('Get-It', 'tools[1]')).toBe(false);
    expect(names.checkName('much_too_long', 'tools[2]', 'tools[2].function.name')).toBe(false);
    expect(names.checkName(undefined, 'tools[3]')).toBe(false);
    expect(violations).toEqual([
      { rule: 'invalid-tool-name', path: 'tools[1].name', message: 'bad "Get-It" at tools[1]' },
      { rule: 'invalid-tool-name', path: 'tools[2].function.name', message: 'bad "much_too_long" at tools[2]' },
      { rule: 'invalid-tool-name', path: 'tools[3].name', message: 'bad undefined at tools[3]' },
    ]);
  });

  it('reports the second tool of a name, naming where the first is', () => {
    const { names, violations } = scope();
    expect(names.claim('a', 'tools[0]')).toBe(true);
    expect(names.claim('b', 'tools[1]')).toBe(true);
    expect(names.claim('a', 'tools[2]')).toBe(false);
    expect(violations).toEqual([{ rule: 'duplicate-tool-name', path: 'tools[2].name', message: 'a: tools[0] and tools[2]' }]);
    expect([names.has('a'), names.has('b'), names.has('c'), names.has(undefined)]).toEqual([true, true, false, false]);
  });

  it('checks the rule, then claims any string name, valid or not', () => {
    const { names, violations } = scope();
    expect(names.check('A', 'tools[0]')).toBe(false);
    expect(names.check('A', 'tools[1]')).toBe(false);
    expect(names.check(7, 'tools[2]')).toBe(false);
    expect(violations.map((violation) => [violation.rule, violation.path])).toEqual([
      ['invalid-tool-name', 'tools[0].name'],
      ['invalid-tool-name', 'tools[1].name'],
      ['duplicate-tool-name', 'tools[1].name'],
      ['invalid-tool-name', 'tools[2].name'],
    ]);
    expect(names.has('A')).toBe(true);
  });
});
