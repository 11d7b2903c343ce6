import { describe, expect, it } from 'vitest';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { createStreamReader } from '../../src/session/create-stream-reader.js';

const stream = createStreamReader('Example API');

describe('createStreamReader', () => {
  describe('event', () => {
    it('gives back an event that is a record', () => {
      const event = { type: 'delta' };
      expect(stream.event(event, 'events')).toBe(event);
    });

    it.each([
      ['a value that is not a record', 'text', undefined, 'a Example API stream yields events with a `type`, got "text" (a string)'],
      [
        'a record that does not hold',
        {},
        (event: Record<string, unknown>) => typeof event.type === 'string',
        'a Example API stream yields events with a `type`, got an object',
      ],
    ])('throws invalid-request for %s', (_case, value, holds, message) => {
      expect(() => stream.event(value, 'events with a `type`', holds)).toThrow(ToolSearchError);
      expect(() => stream.event(value, 'events with a `type`', holds)).toThrow(expect.objectContaining({ code: 'invalid-request', message }));
    });
  });

  describe('ended', () => {
    it('says the stream was cut', () => {
      expect(stream.ended('`stop`')).toMatchObject({ code: 'invalid-request', message: 'the Example API stream ended before `stop`: the stream was cut' });
    });

    it('says only what was missing without `cut`', () => {
      expect(stream.ended('its first chunk', false).message).toBe('the Example API stream ended before its first chunk');
    });
  });

  describe('json', () => {
    it.each([
      ['{"a":', '1}', { a: 1 }],
      ['', ' ', {}],
    ])('parses the pieces %j and %j once complete', (first, second, value) => {
      expect(stream.json(`${first}${second}`, '`tool`')).toEqual(value);
    });

    it('throws invalid-request with the parse error as its cause for pieces that are not JSON', () => {
      let thrown: unknown;
      try {
        stream.json('{"a":', '`tool` (`t1`)');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ToolSearchError);
      expect(thrown).toMatchObject({
        code: 'invalid-request',
        message: 'the Example API stream\'s input of `tool` (`t1`) is not JSON once complete: "{\\"a\\":" (a string)',
      });
      expect((thrown as ToolSearchError).cause).toBeInstanceOf(SyntaxError);
    });
  });
});
