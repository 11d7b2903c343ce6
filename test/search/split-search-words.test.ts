import { describe, expect, it } from 'vitest';
import { splitSearchWords } from '../../src/search/split-search-words.js';

describe('splitSearchWords', () => {
  it.each([
    ['snake_case', 'create_pull_request', ['create', 'pull', 'request']],
    ['kebab-case', 'create-pull-request', ['create', 'pull', 'request']],
    ['camelCase, kept whole after its parts', 'createPullRequest', ['create', 'pull', 'request', 'createpullrequest']],
    ['PascalCase', 'CreatePullRequest', ['create', 'pull', 'request', 'createpullrequest']],
    ['an acronym inside camelCase', 'getHTTPStatus', ['get', 'http', 'status', 'gethttpstatus']],
    ['an acronym at the end', 'parseJSON', ['parse', 'json', 'parsejson']],
    ['a brand written in camel case', 'GitHub and github', ['git', 'hub', 'github', 'and', 'github']],
    ['a dotted name', 'ChaDri.change_drink', ['cha', 'dri', 'chadri', 'change', 'drink']],
    ['an MCP server__tool name', 'github__create_issue', ['github', 'create', 'issue']],
    ['an MCP name with a camelCase server', 'myServer__listFiles', ['my', 'server', 'myserver', 'list', 'files', 'listfiles']],
    ['camel case in accented text', 'CaféCrème', ['cafe', 'creme', 'cafecreme']],
    ['camel case in another script', 'ΑλφαΒήτα', ['αλφα', 'βητα', 'αλφαβητα']],
    ['digits attached to letters', 'sha256_hash', ['sha256', 'hash']],
    ['a sentence with punctuation', "What's the weather in Paris?", ['what', 's', 'the', 'weather', 'in', 'paris']],
    ['accented letters', 'Café crème', ['cafe', 'creme']],
    ['text in another script', 'Tôi cần một chuyến xe', ['toi', 'can', 'mot', 'chuyen', 'xe']],
    ['punctuation only', '`"?!` --', []],
    ['an empty string', '', []],
  ])('splits %s', (_style, text, words) => {
    expect(splitSearchWords(text)).toEqual(words);
  });
});
