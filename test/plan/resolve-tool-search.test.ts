import { describe, expect, it } from 'vitest';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ModelReference } from '../../src/models/model-reference.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { ToolSearchConfigError } from '../../src/errors/tool-search-config-error.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { manyTools, tool } from '../support/tools.js';

const twenty = manyTools(20);
const statuses = (plan: ReturnType<typeof resolveToolSearch>) => Object.fromEntries(plan.tools.map((entry) => [entry.name, `${entry.status}:${entry.reason}`]));

describe('resolveToolSearch', () => {
  describe('with mechanism auto', () => {
    it.each<[ModelReference, string]>([
      ['gpt-5.4', 'openai-hosted'],
      ['gpt-5.4-mini', 'openai-hosted'],
      ['gpt-5.5-pro', 'openai-hosted'],
      ['gpt-5.6-sol', 'openai-hosted'],
      ['gpt-6', 'openai-hosted'],
      ['gpt-5.4-nano', 'client'],
      ['gpt-5.2', 'client'],
      ['gpt-4o', 'client'],
      ['claude-opus-4-8', 'claude-hosted'],
      ['claude-opus-4-5', 'claude-hosted'],
      ['claude-sonnet-4-5', 'claude-hosted'],
      ['claude-sonnet-4-6', 'claude-hosted'],
      ['claude-haiku-4-5-20251001', 'claude-hosted'],
      ['claude-haiku-5-5', 'claude-hosted'],
      ['claude-fable-5-1', 'claude-hosted'],
      ['claude-mythos-5', 'claude-hosted'],
      ['claude-opus-5-5-latest', 'claude-hosted'],
      ['claude-sonnet-4-6[1m]', 'claude-hosted'],
      ['claude-opus-4-1', 'client'],
      ['claude-opus-4', 'client'],
      ['claude-3-5-haiku', 'client'],
      ['anthropic/claude-opus-4-5', 'client'],
      ['anthropic.claude-opus-4-5-20251101-v1:0', 'client'],
      ['gemini-2.5-pro', 'client'],
      [{ id: 'gpt-5.4', api: 'openai-responses' }, 'openai-hosted'],
      [{ id: 'gpt-5.4', api: 'openai-chat' }, 'client'],
      [{ id: 'gpt-5.4', api: 'anthropic-messages' }, 'client'],
      [{ id: 'claude-opus-4-5', api: 'anthropic-messages' }, 'claude-hosted'],
      [{ id: 'claude-opus-4-5', api: 'openai-chat' }, 'client'],
      [{ id: 'claude-opus-4-5', api: 'openai-responses' }, 'client'],
      [{ id: 'gemini-3-pro', api: 'gemini' }, 'client'],
      [{ id: 'gpt-5.4' }, 'openai-hosted'],
      [{ id: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'anthropic.claude-opus-4-5-20251101-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'claude-opus-4-5', api: 'bedrock-converse' }, 'client'],
      [{ id: 'amazon.nova-pro-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'us.amazon.nova-premier-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'meta.llama3-3-70b-instruct-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'us.meta.llama4-maverick-17b-instruct-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'mistral.mistral-large-2407-v1:0', api: 'bedrock-converse' }, 'client'],
      [{ id: 'gpt-5.4', api: 'bedrock-converse' }, 'client'],
      ['us.amazon.nova-pro-v1:0', 'client'],
      ['meta.llama3-3-70b-instruct-v1:0', 'client'],
      ['mistral.mistral-large-2407-v1:0', 'client'],
    ])('uses %j → %s', (model, mechanism) => {
      const plan = resolveToolSearch(model, twenty);
      expect(plan.mechanism).toBe(mechanism);
      expect(plan.warnings).toEqual([]);
    });

    // Issue 24 item 1: `auto` threw `too-many-deferred-tools` on 10,001 tools (the transformer), where the client-side
    // mechanism serves 20,000.
    describe('past what Anthropic’s hosted search carries', () => {
      /** `count` tools of about `bytes` bytes each as JSON. */
      const sized = (count: number, bytes: number) =>
        Array.from({ length: count }, (_, index) => tool(`tool_${index}`, undefined, { description: 'x'.repeat(Math.max(0, bytes - 120)) }));
      const big = sized(2_000, 600); // 1.2 MB of deferred definitions
      const modest = sized(1_500, 600); // 0.9 MB

      it.each<[string, ModelReference, ReturnType<typeof sized>, string, string | undefined, string | null]>([
        ['10,001 tools on Opus 5: client, added by value', 'claude-opus-5', manyTools(10_001), 'client', 'native/value', 'more than the 10000'],
        ['20,000 tools on Opus 4.8: client, added by value', 'claude-opus-4-8', manyTools(20_000), 'client', 'native/value', 'more than the 10000'],
        [
          '10,001 tools on Opus 4.5 (no additions): client, in the conversation',
          'claude-opus-4-5',
          manyTools(10_001),
          'client',
          'conversation',
          'more than the 10000',
        ],
        [
          '10,001 tools on Bedrock (additions by reference only): client, in the conversation',
          { id: 'claude-opus-5', platform: 'bedrock' },
          manyTools(10_001),
          'client',
          'conversation',
          'more than the 10000',
        ],
        ['10,000 tools on Opus 4.5: hosted', 'claude-opus-4-5', manyTools(10_000), 'claude-hosted', 'conversation', null],
        [
          '1.2 MB of definitions on Opus 5: client, added by value (the bytes weigh)',
          'claude-opus-5',
          big,
          'client',
          'native/value',
          'more than 1000000 bytes',
        ],
        ['0.9 MB of definitions on Opus 5: hosted', 'claude-opus-5', modest, 'claude-hosted', 'conversation', null],
        ['1.2 MB of definitions on Opus 4.5 (no additions by value): hosted', 'claude-opus-4-5', big, 'claude-hosted', 'conversation', null],
      ])('%s', (_label, model, tools, mechanism, reveal, why) => {
        const plan = resolveToolSearch(model, tools);
        expect(plan.mechanism).toBe(mechanism);
        expect(plan.additions === undefined ? plan.reveal : `${plan.reveal}/${plan.additions}`).toBe(reveal);
        const warning = plan.warnings.find((entry) => entry.code === 'hosted-search-too-large');
        if (why === null) expect(warning).toBeUndefined();
        else expect(warning?.message).toContain(why);
      });

      it('keeps hosted search asked for by name, whatever the size (the transformer refuses past 10,000)', () => {
        expect(resolveToolSearch('claude-opus-5', manyTools(10_001), { mechanism: 'claude' }).mechanism).toBe('claude-hosted');
      });

      it('falls back from native by reference past Anthropic’s tool-change limits, with reveal-unsupported', () => {
        const plan = resolveToolSearch({ id: 'claude-opus-5', platform: 'bedrock' }, manyTools(10_001), { mechanism: 'client', reveal: 'native' });
        expect(plan.reveal).toBe('conversation');
        expect(plan.warnings.map((warning) => warning.code)).toEqual(['reveal-unsupported']);
        expect(plan.warnings[0]?.message).toContain('10001 tools, more than 10000');
        const heavy = resolveToolSearch({ id: 'claude-opus-5', platform: 'vertex' }, sized(7_000, 600), { mechanism: 'client', reveal: 'native' });
        expect(heavy.reveal).toBe('conversation');
        expect(heavy.warnings[0]?.message).toContain('more than 4000000 bytes');
        expect(resolveToolSearch({ id: 'claude-opus-5', platform: 'bedrock' }, manyTools(100), { mechanism: 'client', reveal: 'native' }).additions).toBe(
          'reference',
        );
      });
    });
  });

  describe('on a model id it does not recognise', () => {
    it.each<[ModelReference, string | null]>([
      ['claude-sonnet-4.5', 'claude-sonnet-4-5'],
      ['gpt5.4', 'gpt-5.4'],
      ['claude-opus-4.8', 'claude-opus-4-8'],
      [{ id: 'claude-sonet-4-6', api: 'anthropic-messages' }, 'claude-sonnet-4-6'],
      ['fast-model', null],
      ['unknown-model', null],
    ])('gives %j the client-side mechanism and warns, naming %j', (model, nearest) => {
      const plan = resolveToolSearch(model, twenty);
      expect(plan.mechanism).toBe('client');
      expect(plan.warnings).toHaveLength(1);
      expect(plan.warnings[0]?.code).toBe('unknown-model');
      expect(plan.warnings[0]?.message).toContain('is not a model id this package knows');
      expect(plan.warnings[0]?.message).toContain("`mechanism: 'client'`");
      if (nearest === null) expect(plan.warnings[0]?.message).not.toContain('Did you mean');
      else expect(plan.warnings[0]?.message).toContain(`Did you mean \`${nearest}\`?`);
    });

    it('says that no id was given for an empty one', () => {
      expect(resolveToolSearch('', twenty).warnings).toEqual([
        expect.objectContaining({ code: 'unknown-model', message: expect.stringMatching(/^No model id was given, so/) }),
      ]);
    });

    it.each<ModelReference>([
      { id: 'fast-model', api: 'openai-chat' },
      { id: 'fast-model', api: 'gemini' },
      { id: 'fast-model', api: 'anthropic-messages', platform: 'gateway' },
      'llama-3.3-70b',
      'anthropic/claude-sonnet-4-5',
    ])('does not warn where the id changes nothing or is a recognised spelling: %j', (model) => {
      expect(resolveToolSearch(model, twenty).warnings).toEqual([]);
    });

    it('does not warn when the configuration allows only the client-side mechanism', () => {
      expect(resolveToolSearch('claude-sonnet-4.5', twenty, { mechanism: 'client' }).warnings).toEqual([]);
    });
  });

  describe('below the threshold', () => {
    it('warns once that nothing is deferred, saying how to defer', () => {
      const plan = resolveToolSearch('gpt-5.4', manyTools(12));
      expect(plan.tools.every((entry) => entry.reason === 'below-threshold')).toBe(true);
      expect(plan.warnings).toEqual([
        {
          code: 'below-threshold',
          message:
            "the tool list has 12 tools, fewer than the threshold of 15, so none is deferred: every schema is sent as it would be without tool search; set `threshold` to 12 or less (or `deferrable: 'always'` on a tool) to defer them",
        },
      ]);
    });

    it('counts the tools that keep their schemas when some are deferred by policy', () => {
      const plan = resolveToolSearch('gpt-5.4', [...manyTools(3), tool('x', 'always')]);
      expect(plan.warnings.map((warning) => warning.message)).toEqual([expect.stringContaining('so 3 of them keep their full schemas')]);
    });

    it('does not warn for an empty tool list, at the threshold, or without a mechanism', () => {
      expect(resolveToolSearch('gpt-5.4', []).warnings).toEqual([]);
      expect(resolveToolSearch('gpt-5.4', manyTools(15)).warnings).toEqual([]);
      expect(resolveToolSearch('gpt-5.2', manyTools(3), { mechanism: 'openai' }).warnings.map((warning) => warning.code)).toEqual(['mechanism-unsupported']);
    });
  });

  describe('with an explicit mechanism', () => {
    it.each<[string, ModelReference, string]>([
      ['openai', 'gpt-5.4', 'openai-hosted'],
      ['openai', { id: 'gpt-5.5', api: 'openai-responses' }, 'openai-hosted'],
      ['openai', 'gpt-5.2', 'none'],
      ['openai', 'claude-opus-4-5', 'none'],
      ['openai', { id: 'gpt-5.4', api: 'openai-chat' }, 'none'],
      ['claude', 'claude-opus-4-5', 'claude-hosted'],
      ['claude', 'claude-opus-4-1', 'none'],
      ['claude', 'anthropic/claude-opus-4-5', 'none'],
      ['claude', 'gpt-5.4', 'none'],
      ['claude', { id: 'claude-opus-4-5', api: 'openai-chat' }, 'none'],
      ['client', 'gpt-5.4', 'client'],
      ['client', 'claude-opus-4-5', 'client'],
      ['client', 'gemini-2.5-pro', 'client'],
      ['client', 'unknown-model', 'client'],
      ['claude', { id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'bedrock-converse' }, 'none'],
      ['claude', { id: 'claude-opus-4-5', api: 'bedrock-converse' }, 'none'],
      ['client', { id: 'amazon.nova-pro-v1:0', api: 'bedrock-converse' }, 'client'],
    ])('%s on %j → %s', (mechanism, model, expected) => {
      const plan = resolveToolSearch(model, twenty, { mechanism: mechanism as never });
      expect(plan.mechanism).toBe(expected);
      if (expected === 'none') {
        expect(plan.warnings).toHaveLength(1);
        expect(plan.warnings[0]?.code).toBe('mechanism-unsupported');
        expect(plan.warnings[0]?.message).toContain('full schemas are sent');
        expect(plan.tools.every((entry) => entry.status === 'loaded' && entry.reason === 'no-mechanism')).toBe(true);
      } else {
        expect(plan.warnings).toEqual([]);
      }
    });

    it('says why an explicit mechanism does not apply', () => {
      expect(resolveToolSearch('gpt-5.2', twenty, { mechanism: 'openai' }).warnings[0]?.message).toBe(
        "`openai` tool search was requested, but `gpt-5.2` does not support OpenAI's hosted tool search; full schemas are sent (no deferral)",
      );
      expect(resolveToolSearch({ id: 'gpt-5.4', api: 'openai-chat' }, twenty, { mechanism: 'openai' }).warnings[0]?.message).toContain(
        'hosted tool search needs the `openai-responses` API and this request goes over `openai-chat`',
      );
      expect(resolveToolSearch('anthropic.claude-opus-4-5-v1:0', twenty, 'claude_tool_search').warnings[0]?.message).toContain('is a bedrock model id');
      expect(resolveToolSearch('anthropic.claude-opus-4-5-v1:0', twenty, 'claude_tool_search').warnings[0]?.message).toContain("pass `platform: 'bedrock'`");
      expect(
        resolveToolSearch({ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'bedrock-converse' }, twenty, { mechanism: 'claude' }).warnings[0]?.message,
      ).toContain("does not support Anthropic's hosted tool search on platform `bedrock-converse`");
    });

    it('reads the Converse API as the platform that serves it, Amazon Bedrock', () => {
      const plan = resolveToolSearch({ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'bedrock-converse' }, twenty);
      expect(plan).toMatchObject({ api: 'bedrock-converse', platform: 'bedrock-converse', mechanism: 'client', warnings: [] });
    });

    describe('with the platform that serves the model', () => {
      it.each([
        [{ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', platform: 'bedrock' }, 'claude-hosted'],
        [{ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', api: 'anthropic-messages', platform: 'bedrock' }, 'claude-hosted'],
        [{ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', platform: 'bedrock-converse' }, 'client'],
        [{ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0' }, 'client'],
        [{ id: 'claude-opus-4-5@20251101', platform: 'vertex' }, 'claude-hosted'],
        [{ id: 'claude-opus-4-5@20251101' }, 'client'],
        [{ id: 'claude-opus-4-5', platform: 'foundry' }, 'claude-hosted'],
        [{ id: 'gemini-2.5-pro', platform: 'vertex' }, 'client'],
        [{ id: 'gpt-5.4', platform: 'azure-openai' }, 'openai-hosted'],
        [{ id: 'gpt-5.4', platform: 'gateway' }, 'client'],
      ] as const)('%j gets %s under auto', (model, mechanism) => {
        const plan = resolveToolSearch(model, twenty);
        expect(plan.mechanism).toBe(mechanism);
        if ('platform' in model) expect(plan.platform).toBe(model.platform);
        else expect('platform' in plan).toBe(false);
      });

      it('gives no transport warning on Bedrock, where the Messages transformer writes the beta into `anthropic_beta` itself', () => {
        const plan = resolveToolSearch({ id: 'us.anthropic.claude-opus-4-5-20251101-v1:0', platform: 'bedrock' }, twenty);
        expect(plan.mechanism).toBe('claude-hosted');
        expect(plan.warnings).toEqual([]);
      });

      it.each([
        ['vertex', 'claude-opus-4-5@20251101', '`anthropic-beta: tool-search-tool-2025-10-19`'],
        ['foundry', 'claude-opus-4-5', '`anthropic-beta: advanced-tool-use-2025-11-20`'],
      ] as const)('says on %s that a beta header or body field is the transport’s to send', (platform, id, beta) => {
        const plan = resolveToolSearch({ id, platform }, twenty);
        expect(plan.warnings.map((warning) => warning.code)).toEqual(['platform-transport']);
        expect(plan.warnings[0]?.message).toContain(beta);
        expect(plan.warnings[0]?.message).toContain('this package writes none');
      });

      it('rejects an unknown platform with invalid-options', () => {
        expect(() => resolveToolSearch({ id: 'claude-opus-4-5', platform: 'aws' as never }, twenty)).toThrow(
          expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining("`model.platform` must be one of 'anthropic', 'bedrock'") }),
        );
      });
    });

    it('falls back to tool_search when the seed list pairs it with a hosted capability', () => {
      const config: ToolSearchConfigInput = { capabilities: ['openai_tool_search', 'tool_search'] };
      expect(resolveToolSearch('gpt-5.4', twenty, config).mechanism).toBe('openai-hosted');
      const fallback = resolveToolSearch('gpt-5.2', twenty, config);
      expect(fallback.mechanism).toBe('client');
      expect(fallback.warnings[0]?.message).toContain('using the `client` mechanism instead');
    });
  });

  describe('threshold', () => {
    it.each([
      [14, 'loaded', 'below-threshold'],
      [15, 'deferred', 'threshold-reached'],
      [16, 'deferred', 'threshold-reached'],
    ])('with %i tools and the default threshold, automatic tools are %s', (count, status, reason) => {
      const plan = resolveToolSearch('gemini-2.5-pro', manyTools(count));
      expect(plan.threshold).toBe(15);
      expect(plan.toolCount).toBe(count);
      expect(new Set(plan.tools.map((entry) => `${entry.status}:${entry.reason}`))).toEqual(new Set([`${status}:${reason}`]));
    });

    it.each([0, 1])('threshold %i defers whenever the mechanism applies', (threshold) => {
      expect(resolveToolSearch('gpt-5.4', manyTools(1), { threshold }).tools[0]?.status).toBe('deferred');
    });

    it('uses the threshold of the mechanism chosen', () => {
      const config = {
        capabilities: [
          { ref: 'openai_tool_search', config: { threshold: 50 } },
          { ref: 'tool_search', config: { threshold: 5 } },
        ],
      } as const;
      expect(resolveToolSearch('gpt-5.4', twenty, config)).toMatchObject({ mechanism: 'openai-hosted', threshold: 50 });
      expect(resolveToolSearch('gemini-2.5-pro', twenty, config)).toMatchObject({ mechanism: 'client', threshold: 5 });
    });

    it('counts every tool passed, including never-deferred ones', () => {
      const tools = [...manyTools(13), tool('keep', 'never'), tool('tool_search')];
      const plan = resolveToolSearch('gemini-2.5-pro', tools);
      expect(plan.toolCount).toBe(15);
      expect(plan.tools[0]).toEqual({ name: 'tool_0', status: 'deferred', reason: 'threshold-reached' });
    });
  });

  describe('policies', () => {
    const tools = [tool('auto'), tool('always', 'always'), tool('never', 'never'), tool('listed'), tool('tool_search')];

    it.each(['gpt-5.4', 'claude-opus-4-5', 'gemini-2.5-pro'])('on %s below the threshold, defers only always tools', (model) => {
      expect(statuses(resolveToolSearch(model, tools, { neverDefer: ['listed'] }))).toEqual({
        auto: 'loaded:below-threshold',
        always: 'deferred:policy-always',
        never: 'loaded:policy-never',
        listed: 'loaded:never-defer-list',
        tool_search: 'loaded:search-tool',
      });
    });

    it('at the threshold defers automatic and always tools and keeps the rest', () => {
      expect(statuses(resolveToolSearch('gpt-5.4', tools, { threshold: 5, neverDefer: ['listed'] }))).toEqual({
        auto: 'deferred:threshold-reached',
        always: 'deferred:policy-always',
        never: 'loaded:policy-never',
        listed: 'loaded:never-defer-list',
        tool_search: 'loaded:search-tool',
      });
    });

    it('defers nothing, not even always tools, without a mechanism', () => {
      expect(statuses(resolveToolSearch('gpt-5.2', tools, { mechanism: 'openai', threshold: 1 }))).toEqual({
        auto: 'loaded:no-mechanism',
        always: 'loaded:no-mechanism',
        never: 'loaded:policy-never',
        listed: 'loaded:no-mechanism',
        tool_search: 'loaded:search-tool',
      });
    });

    it('applies the never-defer list from the seed configuration', () => {
      const plan = resolveToolSearch('gemini-2.5-pro', manyTools(3), { ref: 'tool_search', config: { threshold: 1, never_defer: ['tool_1'] } });
      expect(statuses(plan)).toEqual({ tool_0: 'deferred:threshold-reached', tool_1: 'loaded:never-defer-list', tool_2: 'deferred:threshold-reached' });
    });

    it('applies the never-defer list from code (the TypeScript form)', () => {
      const plan = resolveToolSearch('gpt-5.4', manyTools(3), { threshold: 1, neverDefer: ['tool_2'] });
      expect(statuses(plan)).toEqual({ tool_0: 'deferred:threshold-reached', tool_1: 'deferred:threshold-reached', tool_2: 'loaded:never-defer-list' });
    });

    it('warns about never-defer names that are not in the tool list', () => {
      const plan = resolveToolSearch('gpt-5.4', manyTools(3), { threshold: 1, neverDefer: ['tool_1', 'raed_file'] });
      expect(plan.warnings).toEqual([
        { code: 'unknown-never-defer-name', message: 'the never-defer list names `raed_file`, which is not in the tool list; check the spelling' },
      ]);
    });

    it('keeps categories in the plan', () => {
      const plan = resolveToolSearch('gpt-5.4', [tool('a', 'always', { category: 'Files' })]);
      expect(plan.tools).toEqual([{ name: 'a', status: 'deferred', reason: 'policy-always', category: 'Files' }]);
    });
  });

  describe('reveal', () => {
    const client = { mechanism: 'client' } as const;

    describe('auto', () => {
      it.each<[ModelReference, 'native' | 'conversation']>([
        // OpenAI: GPT-5.4 and later served by OpenAI or Azure OpenAI, on Responses or with no api named
        [{ id: 'gpt-5.4', api: 'openai-responses' }, 'native'],
        [{ id: 'gpt-5.6-sol', api: 'openai-responses', platform: 'openai' }, 'native'],
        [{ id: 'gpt-5.5', api: 'openai-responses', platform: 'azure-openai' }, 'native'],
        ['gpt-6', 'native'],
        [{ id: 'gpt-5.4-nano', api: 'openai-responses' }, 'conversation'],
        [{ id: 'gpt-5.2', api: 'openai-responses' }, 'conversation'],
        [{ id: 'gpt-4.1', api: 'openai-responses' }, 'conversation'],
        [{ id: 'o3', api: 'openai-responses' }, 'conversation'],
        [{ id: 'gpt-5.4', api: 'openai-responses', platform: 'gateway' }, 'conversation'],
        [{ id: 'openai/gpt-5.4', api: 'openai-responses' }, 'conversation'],
        [{ id: 'gpt-5.4', api: 'openai-chat' }, 'conversation'],
        // Anthropic: the listed models on the Claude API
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages' }, 'native'],
        [{ id: 'claude-opus-5', api: 'anthropic-messages', platform: 'anthropic' }, 'native'],
        [{ id: 'claude-opus-5-5', api: 'anthropic-messages' }, 'native'],
        [{ id: 'claude-sonnet-5-5', api: 'anthropic-messages' }, 'native'],
        [{ id: 'claude-haiku-5-5', api: 'anthropic-messages' }, 'native'],
        [{ id: 'claude-fable-5-1', api: 'anthropic-messages' }, 'native'],
        [{ id: 'claude-mythos-5', api: 'anthropic-messages' }, 'native'],
        ['claude-opus-4-8', 'native'],
        [{ id: 'claude-sonnet-5', api: 'anthropic-messages' }, 'conversation'],
        [{ id: 'claude-opus-4-7', api: 'anthropic-messages' }, 'conversation'],
        [{ id: 'claude-sonnet-4-5', api: 'anthropic-messages' }, 'conversation'],
        [{ id: 'us.anthropic.claude-opus-4-8-v1:0', api: 'anthropic-messages', platform: 'bedrock' }, 'conversation'],
        [{ id: 'claude-opus-4-8@20260101', api: 'anthropic-messages', platform: 'vertex' }, 'conversation'],
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages', platform: 'foundry' }, 'conversation'],
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages', platform: 'gateway' }, 'conversation'],
        [{ id: 'anthropic/claude-opus-4-8', api: 'anthropic-messages' }, 'conversation'],
        // APIs without a tool-addition item, and other models
        [{ id: 'claude-opus-4-8', api: 'bedrock-converse' }, 'conversation'],
        [{ id: 'gemini-2.5-pro', api: 'gemini' }, 'conversation'],
        ['fast-model', 'conversation'],
      ])('resolves to %s for the client-side mechanism on %j', (model, reveal) => {
        const plan = resolveToolSearch(model, twenty, client);
        expect(plan.reveal).toBe(reveal);
        if (reveal === 'native') expect(plan.additions).toBe('value');
        else expect(plan).not.toHaveProperty('additions');
        expect(plan.warnings.filter((warning) => warning.code === 'reveal-unsupported')).toEqual([]);
      });

      it.each(['full', 'compact'] as const)('keeps the %s listing and reveals in the conversation', (listing) => {
        const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, twenty, { ...client, listing });
        expect(plan).toMatchObject({ listing, reveal: 'conversation' });
        expect(plan).not.toHaveProperty('additions');
      });

      it.each(['names', 'none'] as const)('goes native with the %s listing', (listing) => {
        expect(resolveToolSearch({ id: 'claude-opus-4-8', api: 'anthropic-messages' }, twenty, { ...client, listing })).toMatchObject({
          listing,
          reveal: 'native',
          additions: 'value',
        });
      });

      it.each<[ModelReference, string]>([
        [{ id: 'gpt-5.4', api: 'openai-responses' }, 'openai-hosted'],
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages' }, 'claude-hosted'],
      ])('records conversation under a hosted mechanism, which loads natively already (%j)', (model, mechanism) => {
        const plan = resolveToolSearch(model, twenty);
        expect(plan).toMatchObject({ mechanism, reveal: 'conversation' });
        expect(plan).not.toHaveProperty('additions');
      });

      it('is the default', () => {
        expect(resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, twenty, client)).toEqual(
          resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, twenty, { ...client, reveal: 'auto' }),
        );
      });
    });

    describe('native, asked for by name', () => {
      it.each<[ModelReference, 'value' | 'reference']>([
        [{ id: 'gpt-5.4', api: 'openai-responses' }, 'value'],
        [{ id: 'gpt-4.1', api: 'openai-responses' }, 'value'],
        [{ id: 'o3', api: 'openai-responses' }, 'value'],
        [{ id: 'gpt-5.4', api: 'openai-responses', platform: 'gateway' }, 'value'],
        [{ id: 'fast-model', api: 'openai-responses' }, 'value'],
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages' }, 'value'],
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages', platform: 'gateway' }, 'value'],
        [{ id: 'anthropic/claude-opus-4-8', api: 'anthropic-messages' }, 'value'],
        [{ id: 'us.anthropic.claude-opus-4-8-v1:0', api: 'anthropic-messages', platform: 'bedrock' }, 'reference'],
        [{ id: 'claude-opus-5@20260101', api: 'anthropic-messages', platform: 'vertex' }, 'reference'],
        [{ id: 'us.anthropic.claude-opus-4-8-v1:0', api: 'anthropic-messages' }, 'reference'],
        // A bare id: the plan does not know the API yet (resolvePlanForWireAPI reveals in the conversation elsewhere)
        ['gpt-4.1', 'value'],
        ['claude-opus-4-8', 'value'],
      ])('is honoured on %j, by %s', (model, additions) => {
        const plan = resolveToolSearch(model, twenty, { ...client, reveal: 'native' });
        expect(plan).toMatchObject({ reveal: 'native', additions });
        expect(plan.warnings.filter((warning) => warning.code === 'reveal-unsupported')).toEqual([]);
      });

      it.each<[ModelReference, string]>([
        [{ id: 'claude-sonnet-5', api: 'anthropic-messages' }, '`claude-sonnet-5` does not support tool additions'],
        [{ id: 'claude-opus-4-5', api: 'anthropic-messages' }, '`claude-opus-4-5` does not support tool additions'],
        [{ id: 'claude-3-5-haiku', api: 'anthropic-messages', platform: 'anthropic' }, '`claude-3-5-haiku` on `anthropic` does not support tool additions'],
        [{ id: 'claude-opus-4-8', api: 'anthropic-messages', platform: 'foundry' }, '`claude-opus-4-8` on `foundry` does not support tool additions'],
        [{ id: 'gpt-5.4', api: 'openai-chat' }, 'OpenAI Chat Completions has no tool-addition item'],
        [{ id: 'gemini-2.5-pro', api: 'gemini' }, 'Gemini has no tool-addition item'],
        [{ id: 'anthropic.claude-opus-4-8-v1:0', api: 'bedrock-converse' }, "Amazon Bedrock's Converse API has no tool-addition item"],
      ])('falls back to conversation with a reveal-unsupported warning on %j', (model, why) => {
        const plan = resolveToolSearch(model, twenty, { ...client, reveal: 'native' });
        expect(plan.reveal).toBe('conversation');
        expect(plan).not.toHaveProperty('additions');
        expect(plan.warnings).toEqual([
          {
            code: 'reveal-unsupported',
            message: `\`reveal: 'native'\` was requested, but ${why}; loaded schemas stay in the \`tool_search\` result (\`reveal: 'conversation'\`) instead`,
          },
        ]);
      });

      it('records conversation without a warning under a hosted mechanism or none', () => {
        const hosted = resolveToolSearch({ id: 'claude-opus-4-8', api: 'anthropic-messages' }, twenty, { reveal: 'native' });
        expect(hosted).toMatchObject({ mechanism: 'claude-hosted', reveal: 'conversation', warnings: [] });
        const none = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-responses' }, twenty, { mechanism: 'openai', reveal: 'native' });
        expect(none.mechanism).toBe('none');
        expect(none.reveal).toBe('conversation');
        expect(none.warnings.map((warning) => warning.code)).toEqual(['mechanism-unsupported']);
      });

      it('sends no call_tool, so a caller tool named call_tool is not renamed around', () => {
        const tools = [...twenty, tool('call_tool', 'never')];
        const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-responses' }, tools, { ...client, reveal: 'native' });
        expect(plan.warnings.filter((warning) => warning.code === 'own-tool-renamed')).toEqual([]);
        const conversation = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-responses' }, tools, { ...client, reveal: 'conversation' });
        expect(conversation.warnings.map((warning) => warning.code)).toContain('own-tool-renamed');
      });
    });

    it.each(['conversation', 'tool-list'] as const)('keeps %s as configured on a model with documented additions', (reveal) => {
      const plan = resolveToolSearch({ id: 'claude-opus-4-8', api: 'anthropic-messages' }, twenty, { ...client, reveal });
      expect(plan.reveal).toBe(reveal);
      expect(plan).not.toHaveProperty('additions');
    });
  });

  describe('the plan', () => {
    it('is plain JSON', () => {
      const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, twenty, { neverDefer: ['nope'] });
      expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
    });

    it('describes a small example completely', () => {
      expect(resolveToolSearch('claude-sonnet-4-6', [tool('read_file', 'never'), tool('send_email', 'always')])).toEqual({
        model: 'claude-sonnet-4-6',
        api: null,
        mechanism: 'claude-hosted',
        threshold: 15,
        toolCount: 2,
        listing: 'names',
        reveal: 'conversation',
        search: 'library',
        allowed: ['openai', 'claude', 'client'],
        tools: [
          { name: 'read_file', status: 'loaded', reason: 'policy-never' },
          { name: 'send_email', status: 'deferred', reason: 'policy-always' },
        ],
        warnings: [],
      });
    });

    it('describes a native plan completely', () => {
      expect(
        resolveToolSearch({ id: 'claude-opus-4-8', api: 'anthropic-messages' }, [tool('read_file', 'never'), tool('send_email', 'always')], {
          mechanism: 'client',
        }),
      ).toEqual({
        model: 'claude-opus-4-8',
        api: 'anthropic-messages',
        mechanism: 'client',
        threshold: 15,
        toolCount: 2,
        listing: 'names',
        reveal: 'native',
        additions: 'value',
        search: 'library',
        allowed: ['client'],
        tools: [
          { name: 'read_file', status: 'loaded', reason: 'policy-never' },
          { name: 'send_email', status: 'deferred', reason: 'policy-always' },
        ],
        warnings: [],
      });
    });

    it('does not mutate its inputs and gives deep-equal plans for equal inputs', () => {
      const tools = [...manyTools(16), tool('x', 'never', { category: 'C', annotations: { readOnlyHint: true } })];
      const config = { ref: 'tool_search', config: { threshold: 3, never_defer: ['tool_1'] } } as const;
      const model = { id: 'gpt-5.4', api: 'openai-chat' } as const;
      const before = structuredClone({ tools, config, model });
      const first = resolveToolSearch(model, tools, config);
      const second = resolveToolSearch(structuredClone(model), structuredClone(tools), structuredClone(config));
      expect({ tools, config, model }).toEqual(before);
      expect(second).toEqual(first);
    });

    it.each([
      ['gemini-2.5-pro', 'client', 'library'],
      ['gpt-5.4', 'openai-hosted', 'library'],
      ['claude-opus-4-5', 'claude-hosted', 'library'],
    ] as const)('resolves the auto search to the library’s for %s (%s)', (model, mechanism, search) => {
      expect(resolveToolSearch(model, manyTools(20))).toMatchObject({ mechanism, search });
    });

    it('keeps the provider’s own search when asked', () => {
      expect(resolveToolSearch('gpt-5.4', manyTools(20), { search: 'provider' })).toMatchObject({ mechanism: 'openai-hosted', search: 'provider' });
      expect(resolveToolSearch('gemini-2.5-pro', manyTools(20), { search: 'provider' })).toMatchObject({ mechanism: 'client', search: 'library' });
    });

    it('resolves the auto listing to names up to 1,000 deferred tools and to none beyond', () => {
      expect(resolveToolSearch('gemini-2.5-pro', manyTools(1000)).listing).toBe('names');
      expect(resolveToolSearch('gemini-2.5-pro', manyTools(1001)).listing).toBe('none');
      expect(resolveToolSearch('gemini-2.5-pro', manyTools(1001), { listing: 'compact' }).listing).toBe('compact');
    });

    it('never defers a tool named call_tool, and warns that the package’s own goes by call_tool_2', () => {
      const plan = resolveToolSearch('gemini-2.5-pro', [...manyTools(20), tool('call_tool')]);
      expect(plan.tools.find((entry) => entry.name === 'call_tool')).toMatchObject({ status: 'loaded', reason: 'search-tool' });
      expect(plan.warnings).toEqual([
        {
          code: 'own-tool-renamed',
          message:
            "the tool list has its own `call_tool`, which is sent as it is; the package's `call_tool` goes by `call_tool_2` in its place (the guidance note names it)",
        },
      ]);
      expect(resolveToolSearch('gemini-2.5-pro', [...manyTools(20), tool('call_tool')], { listing: 'full' }).warnings).toEqual([]);
    });

    it('handles an empty tool list', () => {
      expect(resolveToolSearch('gpt-5.4', [])).toMatchObject({ mechanism: 'openai-hosted', toolCount: 0, tools: [], warnings: [] });
    });

    it('accepts MCP tools/list entries as they are', () => {
      const mcp = {
        name: 'create_issue',
        title: 'Create issue',
        description: 'Create an issue',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: false },
        _meta: {},
      };
      expect(resolveToolSearch('gpt-5.4', [mcp], { threshold: 1 }).tools).toEqual([{ name: 'create_issue', status: 'deferred', reason: 'threshold-reached' }]);
    });
  });

  describe('bad input', () => {
    it.each([
      [[tool('a'), tool('b'), tool('a')], 'tool `a` is defined twice (`tools[0]` and `tools[2]`); tool names must be unique'],
      [[tool('')], '`tools[0]`.name must be a non-empty string, got "" (a string)'],
      [[{ description: 'x', inputSchema: {} }], '`tools[0]`.name must be a non-empty string, got nothing (undefined)'],
      [[{ name: 'a', inputSchema: 'object' }], 'tool `a` must have an object `inputSchema` (a JSON Schema), got "object" (a string)'],
      [[{ name: 'a', inputSchema: [] }], 'tool `a` must have an object `inputSchema` (a JSON Schema), got an array'],
      [[{ name: 'a' }], 'tool `a` must have an object `inputSchema` (a JSON Schema), got nothing (undefined)'],
      [[tool('a', 'sometimes' as never)], "tool `a` has `deferrable` \"sometimes\" (a string); it must be one of 'never', 'automatic', 'always'"],
      [[null], '`tools[0]` must be an object, got null'],
      ['tools', '`tools` must be an array of tool definitions, got "tools" (a string)'],
    ])('rejects %j', (tools, message) => {
      let thrown: unknown;
      try {
        resolveToolSearch('gpt-5.4', tools as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ToolSearchError);
      expect((thrown as ToolSearchError).code).toBe('invalid-tools');
      expect((thrown as ToolSearchError).message).toContain(message);
    });

    it('names every problem at once', () => {
      expect(() => resolveToolSearch('gpt-5.4', [tool('a'), tool('a'), { name: 'b' } as never])).toThrow(/defined twice.*tool `b` must have an object/);
    });

    it('rejects a bad configuration with a ToolSearchConfigError', () => {
      expect(() => resolveToolSearch('gpt-5.4', twenty, { threshold: -1 })).toThrow(ToolSearchConfigError);
    });

    it.each([
      [null, '`model` must be a model id or `{ id, api }` (with an optional `platform`), got null'],
      [{ id: 5 }, '`model` must be a model id or `{ id, api }` (with an optional `platform`), got an object'],
      [
        { id: 'gpt-5.4', api: 'responses' },
        "`model.api` must be one of 'openai-responses', 'openai-chat', 'anthropic-messages', 'gemini', 'bedrock-converse', got \"responses\" (a string)",
      ],
    ])('rejects the model %j', (model, message) => {
      expect(() => resolveToolSearch(model as never, twenty)).toThrow(message);
    });
  });
});
