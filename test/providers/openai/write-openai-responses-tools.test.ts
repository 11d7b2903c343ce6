import { describe, expect, it } from 'vitest';
import { resolveOpenAIResponsesNamespaceNames } from '../../../src/providers/openai/write-openai-responses-tools.js';

describe('resolveOpenAIResponsesNamespaceNames', () => {
  it.each([
    { label: 'crm', wire: 'crm' },
    { label: 'File Operations', wire: 'File_Operations' },
    { label: 'github/issues', wire: 'github_issues' },
    { label: 'tool_search', wire: 'tool_search_namespace' },
    { label: 'terminal', wire: 'terminal_namespace' },
    { label: 'TERMINAL', wire: 'TERMINAL_namespace' },
    { label: 'functions', wire: 'functions_namespace' },
  ])('names $label as $wire', ({ label, wire }) => {
    expect(resolveOpenAIResponsesNamespaceNames([label]).get(label)).toBe(wire);
  });

  it('avoids a reserved name reached by replacing characters, whatever the case', () => {
    const names = resolveOpenAIResponsesNamespaceNames(['tool search', 'TOOL SEARCH']);
    for (const name of names.values()) expect(name.toLowerCase()).not.toBe('tool_search');
    expect(new Set(names.values()).size).toBe(2);
  });

  describe('with secondary labels (namespaces only custom tools use)', () => {
    it('never changes a first label’s name and never takes it', () => {
      const names = resolveOpenAIResponsesNamespaceNames(['café'], [], ['caf_', 'caf.']);
      expect(names.get('café')).toBe('caf_');
      expect(names.get('caf_')).toBe('caf__namespace');
      expect(names.get('caf.')).toMatch(/^caf__[0-9a-z]+$/);
      expect(new Set(names.values()).size).toBe(3);
    });

    it('names an earlier output’s namespaces the same again', () => {
      const first = resolveOpenAIResponsesNamespaceNames(['café'], [], ['caf_']);
      const second = resolveOpenAIResponsesNamespaceNames(['café'], [], [first.get('caf_') as string]);
      expect(second.get('café')).toBe(first.get('café'));
      expect(second.get(first.get('caf_') as string)).toBe(first.get('caf_'));
    });
  });

  it('avoids blocked names (the top-level function names of the request)', () => {
    const names = resolveOpenAIResponsesNamespaceNames(['crm', 'lookup tools'], ['crm', 'lookup_tools']);
    expect(names.get('crm')).toBe('crm_namespace');
    expect(names.get('lookup tools')).toMatch(/^lookup_tools_[0-9a-z]+$/);
  });

  it('gives colliding labels distinct names that depend only on the set of labels', () => {
    const labels = ['a b', 'a.b', 'a_b'];
    const forward = resolveOpenAIResponsesNamespaceNames(labels);
    const backward = resolveOpenAIResponsesNamespaceNames([...labels].reverse());
    expect(forward.get('a_b')).toBe('a_b');
    expect(new Set(forward.values()).size).toBe(3);
    expect([...backward].sort()).toEqual([...forward].sort());
  });

  it('shortens labels longer than 128 characters to distinct names', () => {
    const labels = ['x'.repeat(200), `${'x'.repeat(199)}y`];
    const names = [...resolveOpenAIResponsesNamespaceNames(labels).values()];
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });
});
