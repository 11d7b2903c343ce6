import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createToolNameMapping, isValidToolName } from '../../src/names/create-tool-name-mapping.js';
import type { ToolNameRule } from '../../src/names/tool-name-rule.js';

const OPENAI: ToolNameRule = { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 };
const GEMINI: ToolNameRule = { label: 'Gemini', allowed: /[A-Za-z0-9_.:-]/, first: /[A-Za-z_]/, maxLength: 128 };
const bfclNames = (JSON.parse(readFileSync(new URL('../../bench/fixtures/bfcl/catalog.json', import.meta.url), 'utf8')) as { name: string }[]).map(
  (tool) => tool.name,
);

describe('createToolNameMapping', () => {
  it('keeps valid names', () => {
    const mapping = createToolNameMapping(['read_file', 'send-email'], OPENAI);
    expect(mapping.toWire('read_file')).toBe('read_file');
    expect(mapping.renamed).toEqual([]);
  });

  it.each([
    ['ChaDri.change_drink', 'ChaDri_change_drink'],
    ['github/create issue', 'github_create_issue'],
    ['überTool', '_berTool'],
    ['tool😀x', 'tool_x'],
  ])('replaces disallowed characters in %s', (name, wire) => {
    const mapping = createToolNameMapping([name], OPENAI);
    expect(mapping.toWire(name)).toBe(wire);
    expect(mapping.fromWire(wire)).toBe(name);
  });

  it('keeps characters beyond ASCII that the rule allows, one code point at a time', () => {
    const letters: ToolNameRule = { label: 'Letters', allowed: /[\p{L}_]/u, maxLength: 64 };
    const mapping = createToolNameMapping(['über_tool', '𝒜lpha', 'a.b'], letters);
    expect(mapping.renamed).toEqual([['a.b', 'a_b']]);
    expect(isValidToolName('𝒜lpha', letters)).toBe(true);
    expect(isValidToolName('é1', letters)).toBe(false);
  });

  it('prefixes a name whose first character the rule forbids', () => {
    expect(createToolNameMapping(['1password.get'], GEMINI).toWire('1password.get')).toBe('_1password.get');
  });

  it('keeps dotted names where the rule allows dots', () => {
    expect(createToolNameMapping(['ChaDri.change_drink'], GEMINI).renamed).toEqual([]);
  });

  it('gives a colliding name a hash suffix, never taking a valid name', () => {
    const mapping = createToolNameMapping(['a.b', 'a_b', 'a-b', 'a b'], OPENAI);
    expect(mapping.toWire('a_b')).toBe('a_b');
    expect(mapping.toWire('a-b')).toBe('a-b');
    const wires = ['a.b', 'a b'].map((name) => mapping.toWire(name));
    expect(new Set(wires).size).toBe(2);
    for (const wire of wires) expect(wire).toMatch(/^a_b_[0-9a-z]+$/);
  });

  it('shortens over-long names with a hash so that cut names stay distinct', () => {
    const long = [`${'x'.repeat(70)}.a`, `${'x'.repeat(70)}.b`];
    const mapping = createToolNameMapping(long, OPENAI);
    const wires = long.map((name) => mapping.toWire(name));
    expect(new Set(wires).size).toBe(2);
    for (const wire of wires) expect(wire.length).toBeLessThanOrEqual(64);
  });

  it('does not depend on the order of the names', () => {
    const names = ['a.b', 'a b', 'c.d', 'a_b'];
    const forward = createToolNameMapping(names, OPENAI);
    const backward = createToolNameMapping([...names].reverse(), OPENAI);
    for (const name of names) expect(backward.toWire(name)).toBe(forward.toWire(name));
  });

  it('maps every BFCL name to a unique valid OpenAI name and back', () => {
    const mapping = createToolNameMapping(bfclNames, OPENAI);
    const wires = bfclNames.map((name) => mapping.toWire(name));
    expect(new Set(wires).size).toBe(bfclNames.length);
    for (const wire of wires) expect(isValidToolName(wire, OPENAI)).toBe(true);
    for (const name of bfclNames) expect(mapping.fromWire(mapping.toWire(name))).toBe(name);
    expect(mapping.renamed.length).toBeGreaterThanOrEqual(612);
  });

  describe('with secondary names (calls in a history of tools no longer sent)', () => {
    it('never changes the wire name of a first name (a:b in the history leaves a.b as a_b)', () => {
      const mapping = createToolNameMapping(['a.b'], OPENAI, { secondary: ['a:b'] });
      expect(mapping.toWire('a.b')).toBe('a_b');
      expect(mapping.fromWire('a_b')).toBe('a.b');
      expect(mapping.toWire('a:b')).toMatch(/^a_b_[0-9a-z]+$/);
      expect(mapping.fromWire(mapping.toWire('a:b'))).toBe('a:b');
    });

    it('keeps a valid secondary name and never gives a renamed one its name', () => {
      const mapping = createToolNameMapping(['x'], OPENAI, { secondary: ['a_b', 'a.b'] });
      expect(mapping.toWire('a_b')).toBe('a_b');
      expect(mapping.toWire('a.b')).toMatch(/^a_b_[0-9a-z]+$/);
    });

    it('never lets a valid secondary name take a first name’s wire name (Caf_ in the history leaves Café as Caf_)', () => {
      const mapping = createToolNameMapping(['Café'], OPENAI, { secondary: ['Caf_', 'Caf.'] });
      expect(mapping.toWire('Café')).toBe('Caf_');
      expect(mapping.toWire('Caf.')).toMatch(/^Caf__[0-9a-z]+$/);
    });

    it('ignores a secondary name that is also a first name', () => {
      const mapping = createToolNameMapping(['a.b'], OPENAI, { secondary: ['a.b'] });
      expect(mapping.renamed).toEqual([['a.b', 'a_b']]);
    });
  });

  describe('with reserved names', () => {
    it('renames a tool named like a reserved name, and no renamed tool takes one', () => {
      const mapping = createToolNameMapping(['tool_search_tool_bm25', 'tool_search_tool.bm25'], OPENAI, { reserved: ['tool_search_tool_bm25'] });
      const wires = ['tool_search_tool_bm25', 'tool_search_tool.bm25'].map((name) => mapping.toWire(name));
      for (const wire of wires) expect(wire).toMatch(/^tool_search_tool_bm25_[0-9a-z]+$/);
      expect(new Set(wires).size).toBe(2);
      expect(mapping.fromWire(wires[0] as string)).toBe('tool_search_tool_bm25');
    });
  });

  it.each([
    ['a string', 'read_file'],
    ['a number', 5],
    ['null', null],
    ['a list holding a number', ['a', 1]],
  ])('rejects names given as %s with invalid-options', (_label, value) => {
    expect(() => createToolNameMapping(value as never, OPENAI)).toThrow(expect.objectContaining({ code: 'invalid-options' }));
  });

  describe('mappings of the same lists', () => {
    it('gives an equal frozen mapping for the same lists, and a list changed after the call does not change it', () => {
      const names = ['a.b', 'c.d'];
      const first = createToolNameMapping(names, OPENAI, { secondary: ['old.tool'] });
      names.push('e.f');
      const again = createToolNameMapping(['a.b', 'c.d'], OPENAI, { secondary: ['old.tool'] });
      expect(again.renamed).toEqual(first.renamed);
      expect(first.toWire('e.f')).toBe('e.f');
      expect(Object.isFrozen(first) && Object.isFrozen(first.renamed)).toBe(true);
      expect(() => (first.renamed as [string, string][]).push(['x', 'y'])).toThrow(TypeError);
      expect(createToolNameMapping(names, OPENAI, { secondary: ['old.tool'] }).toWire('e.f')).toBe('e_f');
    });

    it('tells apart lists that join to the same text, lists in other places, and rules', () => {
      const one = createToolNameMapping(['a.b', 'c'], OPENAI);
      const two = createToolNameMapping(['a.bc'], OPENAI);
      const moved = createToolNameMapping(['a.b'], OPENAI, { reserved: ['c'] });
      expect(one.toWire('a.b')).toBe('a_b');
      expect(two.toWire('a.bc')).toBe('a_bc');
      expect(two).not.toBe(one);
      expect(moved).not.toBe(one);
      expect(createToolNameMapping(['a.b', 'c'], GEMINI).toWire('a.b')).toBe('a.b');
    });

    it('maps as a fresh mapping would after many other lists', () => {
      const before = createToolNameMapping(['x.y', 'x_y'], OPENAI).toWire('x.y');
      for (let index = 0; index < 40; index += 1) createToolNameMapping([`t${index}.z`], OPENAI);
      expect(createToolNameMapping(['x.y', 'x_y'], OPENAI).toWire('x.y')).toBe(before);
    });
  });

  it('returns unknown names unchanged both ways', () => {
    const mapping = createToolNameMapping(['a.b'], OPENAI);
    expect(mapping.toWire('other')).toBe('other');
    expect(mapping.fromWire('other')).toBe('other');
  });
});

describe('isValidToolName', () => {
  it.each([
    ['read_file', OPENAI, true],
    ['', OPENAI, false],
    ['a'.repeat(64), OPENAI, true],
    ['a'.repeat(65), OPENAI, false],
    ['a.b', OPENAI, false],
    ['a.b:c', GEMINI, true],
    ['9lives', GEMINI, false],
  ] as const)('%j under %s is %s', (name, rule, expected) => {
    expect(isValidToolName(name, rule)).toBe(expected);
  });
});
