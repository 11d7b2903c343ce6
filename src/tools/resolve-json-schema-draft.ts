import type { SchemaDraft } from '@cfworker/json-schema';

/**
 * The draft a tool's input schema is validated under, from its `$schema`: drafts 4, 6 and 7 as draft 7 (the
 * validator reads draft 4's boolean bounds only in a mode that ignores draft 6's numeric ones, so
 * `createValidationSchema` writes them in the draft 6 form), 2019-09 and 2020-12 as themselves. Without a `$schema`,
 * or with one not known here, 2020-12: MCP's default dialect for tool schemas, and what zod 4 writes.
 *
 * The drafts differ, for this validator, in one rule: up to draft 7 the keywords beside a `$ref` are ignored.
 */
export function resolveJSONSchemaDraft(schema: unknown): SchemaDraft {
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof declared !== 'string') return '2020-12';
  if (/draft-0[4-7]\b/.test(declared)) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}
