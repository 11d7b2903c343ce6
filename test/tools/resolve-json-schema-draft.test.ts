import { describe, expect, it } from 'vitest';
import { resolveJSONSchemaDraft } from '../../src/tools/resolve-json-schema-draft.js';

describe('resolveJSONSchemaDraft', () => {
  it.each([
    ['http://json-schema.org/draft-04/schema#', '7'],
    ['http://json-schema.org/draft-06/schema#', '7'],
    ['http://json-schema.org/draft-07/schema#', '7'],
    ['http://json-schema.org/draft-07/schema', '7'],
    ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
    ['https://example.com/my-dialect', '2020-12'],
  ])('reads $schema %s as draft %s', ($schema, draft) => {
    expect(resolveJSONSchemaDraft({ $schema, type: 'object' })).toBe(draft);
  });

  it.each([[{ type: 'object' }], [{ $schema: 7 }], [null], ['schema']])('reads %j, without a $schema, as 2020-12 (MCP’s default dialect)', (schema) => {
    expect(resolveJSONSchemaDraft(schema)).toBe('2020-12');
  });
});
