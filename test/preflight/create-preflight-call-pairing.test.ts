import { describe, expect, it } from 'vitest';
import { createPreflightCallPairing } from '../../src/preflight/create-preflight-call-pairing.js';

type Step = ['calls', string, string[]] | ['result', string, unknown] | ['other', string];

function pair(steps: readonly Step[]): string[] {
  const problems: string[] = [];
  const pairing = createPreflightCallPairing({
    resultWithoutCall: (path, id) => problems.push(`result ${path} ${String(id)}`),
    callsWithoutResult: (path, ids, endedAt) => problems.push(`calls ${path} ${ids.join(',')} until ${endedAt ?? 'the end'}`),
  });
  for (const step of steps) {
    if (step[0] === 'calls') pairing.calls(step[1], step[2]);
    else if (step[0] === 'result') pairing.result(step[1], step[2]);
    else pairing.other(step[1]);
  }
  pairing.end();
  return problems;
}

describe('createPreflightCallPairing', () => {
  it('passes results that answer every call of the turn before them', () => {
    expect(
      pair([
        ['other', 'o1'],
        ['calls', 'm1', ['a', 'b']],
        ['result', 'm2', 'b'],
        ['result', 'm3', 'a'],
        ['other', 'o2'],
      ]),
    ).toEqual([]);
  });

  it.each<[string, Step[], string[]]>([
    [
      'a result with no call before it',
      [
        ['other', 'o3'],
        ['result', 'm1', 'a'],
      ],
      ['result m1 a'],
    ],
    [
      'a result without an id',
      [
        ['calls', 'm0', ['a']],
        ['result', 'm1', undefined],
      ],
      ['result m1 undefined', 'calls m0 a until the end'],
    ],
    [
      'a second answer to one call',
      [
        ['calls', 'm0', ['a']],
        ['result', 'm1', 'a'],
        ['result', 'm2', 'a'],
      ],
      ['result m2 a'],
    ],
    [
      'a result after the turn ended',
      [
        ['calls', 'm0', ['a']],
        ['result', 'm1', 'a'],
        ['other', 'o4'],
        ['result', 'm3', 'a'],
      ],
      ['result m3 a'],
    ],
    [
      'calls left unanswered before other text',
      [
        ['calls', 'm0', ['a', 'b']],
        ['result', 'm1', 'a'],
        ['other', 'o5'],
      ],
      ['calls m0 b until o5'],
    ],
    [
      'calls left unanswered before the next calls',
      [
        ['calls', 'm0', ['a']],
        ['calls', 'm1', ['b']],
        ['result', 'm2', 'b'],
      ],
      ['calls m0 a until m1'],
    ],
    [
      'calls left unanswered at the end',
      [
        ['other', 'o6'],
        ['calls', 'm1', ['a']],
      ],
      ['calls m1 a until the end'],
    ],
  ])('reports %s', (_, steps, problems) => {
    expect(pair(steps)).toEqual(problems);
  });
});
