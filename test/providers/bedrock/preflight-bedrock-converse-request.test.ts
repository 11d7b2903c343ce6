import { describe, expect, it } from 'vitest';
import { preflightBedrockConverseRequest } from '../../support/preflight/preflight-bedrock-converse-request.js';
import { bedrockBody, bedrockTool } from '../../support/bedrock-converse-bodies.js';

const CACHE_POINT = { cachePoint: { type: 'default' } };
const use = (id: string, name = 'a') => ({ toolUse: { toolUseId: id, name, input: {} } });
const result = (id: string) => ({ toolResult: { toolUseId: id, content: [{ text: 'ok' }] } });
const hi = { role: 'user', content: [{ text: 'hi' }] };

describe('preflightBedrockConverseRequest', () => {
  it('passes a valid body with answered tool calls, checkpoints and a forced tool', () => {
    const messages = [hi, { role: 'assistant', content: [use('t1'), use('t2', 'b-c')] }, { role: 'user', content: [result('t1'), result('t2'), CACHE_POINT] }];
    const body = bedrockBody([bedrockTool('a'), bedrockTool('b-c'), CACHE_POINT], messages, {
      system: [{ text: 'x' }, CACHE_POINT],
      toolConfig: { tools: [bedrockTool('a'), bedrockTool('b-c'), CACHE_POINT], toolChoice: { tool: { name: 'a' } } },
    });
    expect(preflightBedrockConverseRequest(body)).toEqual({ ok: true, violations: [] });
  });

  it.each<[string, unknown, string, string]>([
    ['a body that is not an object', null, 'invalid-body', ''],
    ['toolConfig that is not an object', { modelId: 'm', toolConfig: 1 }, 'invalid-body', 'toolConfig'],
    ['an entry that is no tool', bedrockBody([{ nonsense: true }]), 'invalid-body', 'toolConfig.tools[0]'],
    ['a dotted name', bedrockBody([bedrockTool('a.b')]), 'invalid-tool-name', 'toolConfig.tools[0].toolSpec.name'],
    ['a 65-character name', bedrockBody([bedrockTool('a'.repeat(65))]), 'invalid-tool-name', 'toolConfig.tools[0].toolSpec.name'],
    ['two tools with one name', bedrockBody([bedrockTool('a'), bedrockTool('a')]), 'duplicate-tool-name', 'toolConfig.tools[1].toolSpec.name'],
    [
      'a toolSpec without inputSchema.json',
      bedrockBody([{ toolSpec: { name: 'a', inputSchema: {} } }]),
      'invalid-input-schema',
      'toolConfig.tools[0].toolSpec.inputSchema',
    ],
    [
      'a schema whose top-level type is not object',
      bedrockBody([{ toolSpec: { name: 'a', inputSchema: { json: { type: 'string' } } } }]),
      'invalid-input-schema',
      'toolConfig.tools[0].toolSpec.inputSchema',
    ],
    ['no tool, only a checkpoint', bedrockBody([CACHE_POINT]), 'empty-tools', 'toolConfig.tools'],
    [
      'a toolChoice naming no tool',
      { ...bedrockBody([]), toolConfig: { tools: [bedrockTool('a')], toolChoice: { tool: { name: 'b' } } } },
      'tool-choice-unknown-tool',
      'toolConfig.toolChoice.tool.name',
    ],
    [
      'five checkpoints',
      bedrockBody([bedrockTool('a'), CACHE_POINT], [{ role: 'user', content: [{ text: 'a' }, CACHE_POINT, { text: 'b' }, CACHE_POINT] }], {
        system: [{ text: 'x' }, CACHE_POINT, { text: 'y' }, CACHE_POINT],
      }),
      'too-many-cache-points',
      'messages[0].content[3]',
    ],
    [
      'tool blocks without toolConfig',
      { modelId: 'm', messages: [hi, { role: 'assistant', content: [use('t1')] }, { role: 'user', content: [result('t1')] }] },
      'tool-config-required',
      'toolConfig',
    ],
    [
      'a result answering no call',
      bedrockBody([bedrockTool('a')], [hi, { role: 'assistant', content: [{ text: 'x' }] }, { role: 'user', content: [result('t1')] }]),
      'tool-result-without-use',
      'messages[2].content[0]',
    ],
    [
      'a call left unanswered',
      bedrockBody([bedrockTool('a')], [hi, { role: 'assistant', content: [use('t1'), use('t2')] }, { role: 'user', content: [result('t1')] }]),
      'tool-use-without-result',
      'messages[2].content',
    ],
    ['a lone surrogate', bedrockBody([bedrockTool('a')], [{ role: 'user', content: [{ text: 'x\ud83d' }] }]), 'lone-surrogate', 'messages[0].content[0].text'],
  ])('flags %s', (_, body, rule, path) => {
    const { ok, violations } = preflightBedrockConverseRequest(body);
    expect(ok).toBe(false);
    expect(violations).toContainEqual(expect.objectContaining({ rule, path }));
  });

  it.each<[string, unknown[], string]>([
    ['other text', [{ role: 'assistant', content: [use('t1'), use('t2')] }, { role: 'user', content: [result('t1')] }, hi], 'messages.1.content'],
    [
      'the next calls',
      [
        { role: 'assistant', content: [use('t1')] },
        { role: 'assistant', content: [use('t2')] },
        { role: 'user', content: [result('t2')] },
      ],
      'messages.1.content',
    ],
    ['the end of the history', [hi, { role: 'assistant', content: [use('t1')] }], 'messages.2.content'],
  ])('says where the results were due when a call is left unanswered before %s', (_, messages, due) => {
    const { violations } = preflightBedrockConverseRequest(bedrockBody([bedrockTool('a')], messages));
    expect(violations.filter((violation) => violation.rule === 'tool-use-without-result').map((violation) => violation.message)).toEqual([
      expect.stringContaining(`Expected toolResult blocks at ${due} `),
    ]);
  });

  it('words a missing result as Bedrock does', () => {
    const body = bedrockBody([bedrockTool('a')], [hi, { role: 'assistant', content: [use('t1'), use('t2')] }, { role: 'user', content: [{ text: 'no' }] }]);
    expect(preflightBedrockConverseRequest(body).violations[0]?.message).toBe('Expected toolResult blocks at messages.2.content for the following Ids: t1, t2');
  });
});
