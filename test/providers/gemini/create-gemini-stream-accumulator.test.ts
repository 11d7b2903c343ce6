import { describe, expect, it } from 'vitest';
import type { GenerateContentResponse } from '@google/genai';
import { createGeminiStreamAccumulator } from '../../../src/providers/gemini/create-gemini-stream-accumulator.js';
import type { GeminiGenerateContentResponse } from '../../../src/providers/gemini/gemini-api.js';
import { cutEvery, streamGeminiResponse } from '../../support/streamed-replies.js';

type Item = Record<string, unknown>;

/** Pushes every chunk; returns the response and the text each push gave. */
function accumulate(chunks: readonly unknown[]) {
  const accumulator = createGeminiStreamAccumulator();
  const texts = chunks.map((chunk) => accumulator.push(chunk as GeminiGenerateContentResponse));
  return { response: accumulator.response(), texts };
}

const response = (parts: unknown[], fields: Item = {}): Item => ({
  candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0, ...fields }],
  usageMetadata: { promptTokenCount: 211, candidatesTokenCount: 23, totalTokenCount: 234 },
  modelVersion: 'gemini-3-pro-preview',
  responseId: 'r1',
});

describe('createGeminiStreamAccumulator', () => {
  it.each([
    ['answer text', [{ text: 'The weather in Paris is sunny, 24°C. 🌞' }]],
    ['a text signature on the last piece', [{ text: 'Sunny in Paris.', thoughtSignature: 'c2lnLXRleHQ=' }]],
    ['a thought summary, then the answer', [{ text: 'Looking up the weather.', thought: true }, { text: 'Sunny.' }]],
    [
      'parallel calls, the first signed',
      [
        { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'c2lnLTE=' },
        { functionCall: { name: 'get_weather', args: { city: 'Lyon' } } },
      ],
    ],
    ['text, then a call with an id', [{ text: 'Let me check.' }, { functionCall: { id: 'call-1', name: 'tool_search', args: { query: 'weather' } } }]],
    ['no parts', []],
  ])('rebuilds the generateContent response byte for byte: %s', (_, parts) => {
    const whole = response(parts);
    expect(JSON.stringify(accumulate(streamGeminiResponse(whole, cutEvery(4))).response)).toBe(JSON.stringify(whole));
  });

  it('returns the answer text of each chunk, without thought summaries or calls', () => {
    const whole = response([{ text: 'Thinking about it.', thought: true }, { text: 'Sunny in Paris.' }, { functionCall: { name: 'a', args: {} } }]);
    const { texts } = accumulate(streamGeminiResponse(whole, cutEvery(5)));
    expect(texts.join('')).toBe('Sunny in Paris.');
    expect(texts.filter((text) => text !== '')).toEqual(['Sunny', ' in P', 'aris.']);
  });

  it('puts a signature that comes on an empty last piece on the text before it', () => {
    const chunks = [response([{ text: 'Sunny ' }]), response([{ text: 'in Paris.' }]), response([{ text: '', thoughtSignature: 'c2ln' }])];
    expect(accumulate(chunks).response.candidates?.[0]?.content?.parts).toEqual([{ text: 'Sunny in Paris.', thoughtSignature: 'c2ln' }]);
  });

  it('keeps a second signed text part apart from the first', () => {
    const chunks = [response([{ text: 'One.', thoughtSignature: 'a' }]), response([{ text: 'Two.', thoughtSignature: 'b' }])];
    expect(accumulate(chunks).response.candidates?.[0]?.content?.parts).toEqual([
      { text: 'One.', thoughtSignature: 'a' },
      { text: 'Two.', thoughtSignature: 'b' },
    ]);
  });

  it('builds a call whose arguments stream (Vertex AI partialArgs) into one functionCall with args', () => {
    const piece = (call: Item, extra: Item = {}) => response([{ functionCall: call, ...extra }]);
    const chunks = [
      piece({ name: 'book_flight', willContinue: true }, { thoughtSignature: 'c2ln' }),
      piece({ partialArgs: [{ jsonPath: '$.from', stringValue: 'Par', willContinue: true }], willContinue: true }),
      piece({ partialArgs: [{ jsonPath: '$.from', stringValue: 'is' }], willContinue: true }),
      piece({
        partialArgs: [
          { jsonPath: "$.legs[0]['seat class']", stringValue: 'economy' },
          { jsonPath: '$.legs[0].bags', numberValue: 2 },
        ],
        willContinue: true,
      }),
      piece({
        partialArgs: [
          { jsonPath: '$.flexible', boolValue: true },
          { jsonPath: '$.note', nullValue: 'NULL_VALUE' },
        ],
      }),
    ];
    expect(accumulate(chunks).response.candidates?.[0]?.content?.parts).toEqual([
      {
        functionCall: { name: 'book_flight', args: { from: 'Paris', legs: [{ 'seat class': 'economy', bags: 2 }], flexible: true, note: null } },
        thoughtSignature: 'c2ln',
      },
    ]);
  });

  it('joins citations and takes the last usage, finish reason and fields', () => {
    const first = response([{ text: 'Cited ' }], { citationMetadata: { citations: [{ startIndex: 0, endIndex: 5, uri: 'https://a.example' }] } });
    const last = response([{ text: 'text.' }], { citationMetadata: { citations: [{ startIndex: 6, endIndex: 11, uri: 'https://b.example' }] } });
    (first.candidates as Item[])[0] = { ...(first.candidates as Item[])[0], finishReason: undefined };
    const { response: rebuilt } = accumulate([{ ...first, usageMetadata: { promptTokenCount: 211 } }, last]);
    expect(rebuilt.candidates?.[0]).toMatchObject({
      content: { parts: [{ text: 'Cited text.' }] },
      finishReason: 'STOP',
      citationMetadata: { citations: [{ uri: 'https://a.example' }, { uri: 'https://b.example' }] },
    });
    expect(rebuilt.usageMetadata).toEqual({ promptTokenCount: 211, candidatesTokenCount: 23, totalTokenCount: 234 });
  });

  it('takes the SDK’s chunks, and gives a response request.handle takes', () => {
    const accumulator = createGeminiStreamAccumulator();
    const chunk = response([{ text: 'hi' }]) as unknown as GenerateContentResponse;
    expect(accumulator.push(chunk)).toBe('hi');
  });

  it.each([
    ['no chunk came', [], 'the Gemini stream ended before its first chunk'],
    [
      'the last chunk (with the finish reason) never came',
      [{ candidates: [{ content: { parts: [{ text: 'Sun' }], role: 'model' } }] }],
      'the Gemini stream ended before candidate 0 had a `finishReason`: the stream was cut',
    ],
    [
      'a streamed call never ended',
      [response([{ functionCall: { name: 'book_flight', willContinue: true } }])],
      'the Gemini stream ended before the arguments of function call `book_flight` (candidate 0) were complete',
    ],
  ])('throws invalid-request when %s', (_, chunks, message) => {
    expect(() => accumulate(chunks)).toThrow(expect.objectContaining({ code: 'invalid-request', message }));
  });

  it('throws invalid-request for a chunk that is not an object', () => {
    expect(() => createGeminiStreamAccumulator().push('data: {}' as never)).toThrow(
      expect.objectContaining({ code: 'invalid-request', message: 'a Gemini stream yields `GenerateContentResponse` chunks, got "data: {}" (a string)' }),
    );
  });

  it('never writes through a JSON path to the prototype', () => {
    const chunk = response([{ functionCall: { name: 'a', partialArgs: [{ jsonPath: "$['__proto__'].polluted", stringValue: 'yes' }] } }]);
    const parts = accumulate([chunk]).response.candidates?.[0]?.content?.parts as Item[];
    expect(({} as Item).polluted).toBeUndefined();
    expect(JSON.stringify(parts[0])).toBe('{"functionCall":{"name":"a","args":{"__proto__":{"polluted":"yes"}}}}');
  });
});
