import { describe, expect, it } from 'vitest';
import { findSharedParameters, SHARED_PARAMETER_MIN_TOOLS } from '../../src/search/find-shared-parameters.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

const retry = { type: 'integer', description: 'How many times to retry' };

function tool(name: string, properties: Record<string, unknown>, server?: string): ToolDefinition {
  return { name, description: name, inputSchema: { type: 'object', properties }, ...(server === undefined ? {} : { server }) };
}

describe('findSharedParameters', () => {
  it('finds a parameter half of a server’s tools declare with the same name and description', () => {
    const tools = Array.from({ length: 10 }, (_, index) => tool(`tool_${index}`, index < 5 ? { retry, [`own_${index}`]: { type: 'string' } } : {}, 'azure'));
    const isShared = findSharedParameters(tools);
    expect(isShared(tools[0]!, 'retry', retry)).toBe(true);
    expect(isShared(tools[0]!, 'own_0', { type: 'string' })).toBe(false);
    // The same name with other words is another parameter.
    expect(isShared(tools[0]!, 'retry', { description: 'Retry the upload' })).toBe(false);
  });

  it('needs at least SHARED_PARAMETER_MIN_TOOLS tools and half of the server’s', () => {
    expect(SHARED_PARAMETER_MIN_TOOLS).toBe(5);
    const four = Array.from({ length: 4 }, (_, index) => tool(`tool_${index}`, { retry }));
    expect(findSharedParameters(four)(four[0]!, 'retry', retry)).toBe(false);
    const fewer = Array.from({ length: 12 }, (_, index) => tool(`tool_${index}`, index < 5 ? { retry } : {}));
    expect(findSharedParameters(fewer)(fewer[0]!, 'retry', retry)).toBe(false);
  });

  it('counts each server’s tools apart (servers compared without case); tools without a server form one group', () => {
    const azure = Array.from({ length: 6 }, (_, index) => tool(`azure_${index}`, { retry }, index % 2 === 0 ? 'azure' : 'Azure'));
    const github = Array.from({ length: 20 }, (_, index) => tool(`github_${index}`, index === 0 ? { retry } : {}, 'github'));
    const isShared = findSharedParameters([...azure, ...github]);
    expect(isShared(azure[1]!, 'retry', retry)).toBe(true);
    expect(isShared(github[0]!, 'retry', retry)).toBe(false);
    const bare = Array.from({ length: 6 }, (_, index) => tool(`bare_${index}`, { retry }));
    expect(findSharedParameters([...bare, ...github])(bare[0]!, 'retry', retry)).toBe(true);
  });

  it('reads schemas without properties or with junk in them', () => {
    const odd: ToolDefinition[] = [
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'b', inputSchema: { type: 'object', properties: 'nope' } },
      { name: 'c', inputSchema: { type: 'object', properties: { x: null } } },
    ];
    expect(findSharedParameters(odd)(odd[2]!, 'x', null)).toBe(false);
  });
});
