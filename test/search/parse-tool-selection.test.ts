import { describe, expect, it } from 'vitest';
import { parseToolSelection } from '../../src/search/parse-tool-selection.js';

describe('parseToolSelection', () => {
  it.each([
    ['select:read_file', ['read_file']],
    ['select:read_file,write_file', ['read_file', 'write_file']],
    ['  SELECT : read_file , write_file ', ['read_file', 'write_file']],
    ['select:"read_file", `write_file`, \'send_email\'', ['read_file', 'write_file', 'send_email']],
    ['select:[read_file, write_file]', ['read_file', 'write_file']],
    ['select:read_file,,read_file', ['read_file']],
    ['select:ChaDri.change_drink', ['ChaDri.change_drink']],
    ['select:', []],
  ])('reads %j as a selection', (query, names) => {
    expect(parseToolSelection(query)).toEqual(names);
  });

  it.each(['read file', 'selected files', 'please select: read_file', ''])('reads %j as a keyword search (null)', (query) => {
    expect(parseToolSelection(query)).toBeNull();
  });
});
