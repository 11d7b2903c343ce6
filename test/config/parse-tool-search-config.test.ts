import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseToolSearchConfig } from '../../src/config/parse-tool-search-config.js';
import { ToolSearchConfigError } from '../../src/errors/tool-search-config-error.js';
import { ToolSearchError, isToolSearchError } from '../../src/errors/tool-search-error.js';

/** The settings every form shares, at their defaults. */
const DEFAULTS = { listing: 'auto', reveal: 'auto', search: 'auto' } as const;
const AUTO = (threshold: number) => [
  { mechanism: 'openai', threshold, explicit: false },
  { mechanism: 'claude', threshold, explicit: false },
  { mechanism: 'client', threshold, explicit: false },
];

function configError(input: unknown): ToolSearchConfigError {
  try {
    parseToolSearchConfig(input as never);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolSearchConfigError);
    expect(error).toBeInstanceOf(ToolSearchError);
    expect(isToolSearchError(error)).toBe(true);
    expect((error as ToolSearchConfigError).code).toBe('invalid-config');
    return error as ToolSearchConfigError;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('parseToolSearchConfig', () => {
  describe('defaults', () => {
    it('uses mechanism auto, threshold 15, the auto listing, the auto reveal and the auto search when given nothing', () => {
      expect(parseToolSearchConfig()).toEqual({ preferences: AUTO(15), neverDefer: [], ...DEFAULTS });
      expect(parseToolSearchConfig({})).toEqual({ preferences: AUTO(15), neverDefer: [], ...DEFAULTS });
    });

    it('returns a configuration it already parsed unchanged', () => {
      const config = parseToolSearchConfig({ threshold: 3 });
      expect(parseToolSearchConfig(config)).toBe(config);
    });

    it('returns a frozen configuration', () => {
      expect(Object.isFrozen(parseToolSearchConfig())).toBe(true);
    });
  });

  describe("the seed's forms", () => {
    it.each([
      ['auto_tool_search', AUTO(15)],
      ['openai_tool_search', [{ mechanism: 'openai', threshold: 15, explicit: true }]],
      ['claude_tool_search', [{ mechanism: 'claude', threshold: 15, explicit: true }]],
      ['tool_search', [{ mechanism: 'client', threshold: 15, explicit: true }]],
    ])('accepts the bare id %s', (id, preferences) => {
      expect(parseToolSearchConfig(id as never).preferences).toEqual(preferences);
    });

    it('accepts { ref, config } with a threshold and a never-defer list', () => {
      expect(parseToolSearchConfig({ ref: 'tool_search', config: { threshold: 20, never_defer: ['read_file'] } })).toEqual({
        preferences: [{ mechanism: 'client', threshold: 20, explicit: true }],
        neverDefer: ['read_file'],
        ...DEFAULTS,
      });
    });

    it('accepts { ref } without config', () => {
      expect(parseToolSearchConfig({ ref: 'auto_tool_search' }).preferences).toEqual(AUTO(15));
    });

    it('accepts threshold 0', () => {
      expect(parseToolSearchConfig({ ref: 'auto_tool_search', config: { threshold: 0 } }).preferences).toEqual(AUTO(0));
    });

    it('accepts a capabilities list and skips the agent’s other capabilities', () => {
      expect(parseToolSearchConfig({ capabilities: ['web_fetch', { ref: 'auto_tool_search', config: { threshold: 10 } }, { ref: 'file_system' }] })).toEqual({
        preferences: AUTO(10),
        neverDefer: [],
        ...DEFAULTS,
      });
    });

    it('lets hosted capabilities win over tool_search in a list, each with its own threshold', () => {
      const config = parseToolSearchConfig({
        capabilities: [
          { ref: 'tool_search', config: { threshold: 5, never_defer: ['bash'] } },
          { ref: 'openai_tool_search', config: { threshold: 7 } },
        ],
      });
      expect(config.preferences).toEqual([
        { mechanism: 'openai', threshold: 7, explicit: true },
        { mechanism: 'client', threshold: 5, explicit: true },
      ]);
      expect(config.neverDefer).toEqual(['bash']);
    });

    it('merges never-defer names from the configuration and from code', () => {
      expect(parseToolSearchConfig({ ref: 'tool_search', config: { never_defer: ['tool_2'] } }, { neverDefer: ['tool_0', 'tool_2'] }).neverDefer).toEqual([
        'tool_2',
        'tool_0',
      ]);
    });

    it.each([
      ['openai_tool_search', 'capabilities[1].ref'],
      ['claude_tool_search', 'capabilities[1].ref'],
      ['tool_search', 'capabilities[1].ref'],
    ])('rejects auto_tool_search combined with %s', (other) => {
      const error = configError({ capabilities: ['auto_tool_search', other] });
      expect(error.message).toContain(`\`auto_tool_search\` cannot be combined with \`${other}\``);
    });

    it('rejects a capability listed twice', () => {
      expect(configError({ capabilities: ['tool_search', { ref: 'tool_search' }] }).message).toContain(
        '`capabilities[1].ref` lists `tool_search` again (already at `capabilities[0].ref`)',
      );
    });

    it('rejects a list with no tool search capability', () => {
      expect(configError({ capabilities: ['web_fetch'] }).message).toContain('`capabilities` lists no tool search capability');
    });
  });

  describe('the TypeScript form', () => {
    it.each([
      ['auto', AUTO(15)],
      ['openai', [{ mechanism: 'openai', threshold: 15, explicit: true }]],
      ['claude', [{ mechanism: 'claude', threshold: 15, explicit: true }]],
      ['client', [{ mechanism: 'client', threshold: 15, explicit: true }]],
    ])('accepts mechanism %s', (mechanism, preferences) => {
      expect(parseToolSearchConfig({ mechanism } as never).preferences).toEqual(preferences);
    });

    it('accepts threshold, neverDefer and listing', () => {
      expect(parseToolSearchConfig({ mechanism: 'client', threshold: 3, neverDefer: ['a'], listing: 'names' })).toEqual({
        preferences: [{ mechanism: 'client', threshold: 3, explicit: true }],
        neverDefer: ['a'],
        listing: 'names',
        reveal: 'auto',
        search: 'auto',
      });
    });

    it('accepts the reveal mode and who searches', () => {
      expect(parseToolSearchConfig({ reveal: 'tool-list', search: 'provider', listing: 'none' })).toMatchObject({
        reveal: 'tool-list',
        search: 'provider',
        listing: 'none',
      });
    });

    it('reads reveal and search in a seed capability config, and requires them to agree across the list', () => {
      expect(parseToolSearchConfig({ ref: 'auto_tool_search', config: { reveal: 'tool-list', search: 'provider' } })).toMatchObject({
        reveal: 'tool-list',
        search: 'provider',
      });
      expect(() =>
        parseToolSearchConfig({
          capabilities: [
            { ref: 'openai_tool_search', config: { search: 'provider' } },
            { ref: 'tool_search', config: { search: 'library' } },
          ],
        }),
      ).toThrow('`search` is set to different values');
    });

    it('gives a resolved configuration of an earlier version, without reveal and search, their defaults', () => {
      const stored = { preferences: [{ mechanism: 'client', threshold: 3, explicit: true }], neverDefer: [], listing: 'full' };
      expect(parseToolSearchConfig(stored as never)).toMatchObject({ listing: 'full', reveal: 'auto', search: 'auto' });
    });

    it.each(['auto', 'conversation', 'native', 'tool-list'] as const)('accepts reveal %s in every form', (reveal) => {
      expect(parseToolSearchConfig({ reveal }).reveal).toBe(reveal);
      expect(parseToolSearchConfig({ ref: 'tool_search', config: { reveal } }).reveal).toBe(reveal);
      expect(parseToolSearchConfig({ capabilities: ['memory', { ref: 'auto_tool_search', config: { reveal } }] }).reveal).toBe(reveal);
      const resolved = { preferences: [{ mechanism: 'client', threshold: 3, explicit: true }], neverDefer: [], listing: 'auto', reveal, search: 'auto' };
      expect(parseToolSearchConfig(resolved as never).reveal).toBe(reveal);
    });

    it.each([
      ['names', 'native'],
      ['none', 'native'],
      ['auto', 'native'],
      ['full', 'auto'],
      ['compact', 'auto'],
      ['full', 'conversation'],
      ['compact', 'tool-list'],
    ] as const)('accepts listing %s with reveal %s', (listing, reveal) => {
      expect(parseToolSearchConfig({ listing, reveal })).toMatchObject({ listing, reveal });
    });
  });

  describe('native delivery with a listing that puts stubs in the tool list', () => {
    it.each(['full', 'compact'] as const)('rejects reveal native with listing %s, naming both', (listing) => {
      const error = configError({ reveal: 'native', listing });
      expect(error.issues).toEqual([
        {
          path: 'reveal',
          message: expect.stringContaining(`\`reveal: 'native'\` cannot be combined with \`listing: '${listing}'\``),
        },
      ]);
      expect(error.message).toContain("use `listing: 'auto'`, `'names'` or `'none'`, or `reveal: 'auto'`");
    });

    it('rejects the same pair in a seed capability config and in a resolved configuration', () => {
      expect(configError({ ref: 'tool_search', config: { reveal: 'native', listing: 'compact' } }).message).toContain("`listing: 'compact'`");
      const resolved = {
        preferences: [{ mechanism: 'client', threshold: 3, explicit: true }],
        neverDefer: [],
        listing: 'full',
        reveal: 'native',
        search: 'auto',
      };
      expect(configError(resolved).message).toContain("`listing: 'full'`");
    });
  });

  describe('bad configuration', () => {
    it.each([
      [{ threshold: -1 }, '`threshold` must be a whole number ≥ 0, got -1'],
      [{ threshold: '2' }, '`threshold` must be a whole number ≥ 0, got "2" (a string)'],
      [{ threshold: 1.5 }, '`threshold` must be a whole number ≥ 0, got 1.5'],
      [{ threshold: null }, '`threshold` must be a whole number ≥ 0, got null'],
      [{ ref: 'tool_search', config: { threshold: -1 } }, '`config.threshold` must be a whole number ≥ 0, got -1'],
      [{ ref: 'tool_search', config: { threshold: '2' } }, '`config.threshold` must be a whole number ≥ 0, got "2" (a string)'],
      [{ ref: 'tool_search', config: { threshold: 1.5 } }, '`config.threshold` must be a whole number ≥ 0, got 1.5'],
      [
        { ref: 'tool_serch' },
        "`ref` must be one of 'auto_tool_search', 'openai_tool_search', 'claude_tool_search', 'tool_search', got \"tool_serch\" (a string)",
      ],
      [{ capabilities: ['toolsearch'] }, '`capabilities[0].ref` must be one of'],
      ['auto-tool-search', '`ref` must be one of'],
      [{ ref: 'tool_search', config: { never_defer: 'read_file' } }, '`config.never_defer` must be a list of tool names (strings), got "read_file" (a string)'],
      [{ ref: 'tool_search', config: { never_defer: ['read_file', 3] } }, '`config.never_defer[1]` must be a tool name (a string), got 3'],
      [{ neverDefer: [''] }, '`neverDefer[0]` must be a non-empty tool name, got "" (a string)'],
      [{ capabilities: [{ ref: 'tool_search', config: { threshold: -1 } }] }, '`capabilities[0].config.threshold` must be a whole number ≥ 0, got -1'],
      [{ mechanism: 'gemini' }, "`mechanism` must be one of 'auto', 'openai', 'claude', 'client', got \"gemini\" (a string)"],
      [{ listing: 'short' }, "`listing` must be one of 'auto', 'full', 'compact', 'names', 'none', got \"short\" (a string)"],
      [{ reveal: 'in-place' }, "`reveal` must be one of 'auto', 'conversation', 'native', 'tool-list', got \"in-place\" (a string)"],
      [{ search: 'server' }, "`search` must be one of 'auto', 'provider', 'library', got \"server\" (a string)"],
      [{ treshold: 3 }, 'the configuration has an unknown option `treshold`; the options are `mechanism`, `threshold`, `neverDefer`, `listing`'],
      [{ ref: 'tool_search', config: { neverDefer: [] } }, '`config` has an unknown option `neverDefer`'],
      [{ capabilities: 'tool_search' }, '`capabilities` must be a list, got "tool_search" (a string)'],
      [42, 'the configuration must be a capability id'],
      [[], 'the configuration must be a capability id'],
    ])('rejects %j', (input, message) => {
      expect(configError(input).message).toContain(message);
    });

    it('reports every broken rule, each with its path', () => {
      const error = configError({ threshold: -1, listing: 'x' });
      expect(error.issues.map((issue) => issue.path)).toEqual(['threshold', 'listing']);
    });

    it('rejects a bad never-defer list given in code', () => {
      expect(() => parseToolSearchConfig({}, { neverDefer: 'x' as never })).toThrow('`neverDefer` must be a list of tool names (strings)');
    });

    it('names the options of the object that has the unknown one', () => {
      expect(configError({ ref: 'tool_search', config: { neverDefer: [] } }).message).toContain(
        '`config` has an unknown option `neverDefer`; the options are `threshold`, `never_defer`, `listing`, `reveal`, `search`',
      );
    });

    it.each([
      [{ capabilities: [42] }, '`capabilities[0]` must be a capability id or `{ ref, config }`, got 42'],
      [
        { preferences: 'client', neverDefer: [], listing: 'auto' },
        '`preferences` must be a list of `{ mechanism, threshold, explicit }`, got "client" (a string)',
      ],
      [
        { preferences: [{ mechanism: 'gemini', threshold: 0, explicit: 'yes' }], neverDefer: [], listing: 'auto' },
        "`preferences[0].mechanism` must be one of 'openai', 'claude', 'client', got \"gemini\" (a string); `preferences[0].explicit` must be a boolean, got \"yes\" (a string)",
      ],
    ])('says in its own words what the entry %j must be', (input, message) => {
      expect(configError(input).message).toContain(message);
    });
  });
});

describe('parseToolSearchConfig, native delivery and the listing (property)', () => {
  const rest = fc.record(
    {
      mechanism: fc.constantFrom('auto', 'client', 'openai', 'claude'),
      threshold: fc.nat(20),
      search: fc.constantFrom('auto', 'provider', 'library'),
      neverDefer: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );

  it('throws ToolSearchConfigError for reveal native with an explicit full or compact listing, whatever else is set', () => {
    fc.assert(
      fc.property(rest, fc.constantFrom('full', 'compact'), (others, listing) => {
        let thrown: unknown;
        try {
          parseToolSearchConfig({ ...others, reveal: 'native', listing });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ToolSearchConfigError);
        expect(thrown).toMatchObject({ code: 'invalid-config' });
        expect((thrown as ToolSearchConfigError).issues.map((issue) => issue.path)).toContain('reveal');
        expect((thrown as Error).message).toContain(`\`reveal: 'native'\` cannot be combined with \`listing: '${listing}'\``);
      }),
    );
  });

  it('accepts reveal native with the listings it takes, and every listing with the other reveal choices', () => {
    fc.assert(
      fc.property(
        rest,
        fc.oneof(
          fc.record({ reveal: fc.constant('native'), listing: fc.constantFrom('auto', 'names', 'none') }),
          fc.record({ reveal: fc.constantFrom('auto', 'conversation', 'tool-list'), listing: fc.constantFrom('auto', 'full', 'compact', 'names', 'none') }),
        ),
        (others, pair) => {
          expect(parseToolSearchConfig({ ...others, ...pair })).toMatchObject(pair);
        },
      ),
    );
  });
});
