import { describe, expect, it } from 'vitest';
import { EXACT_NAME_BONUS, createToolIndex } from '../../src/search/create-tool-index.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { createMCPToolCatalog } from '../../src/tools/create-mcp-tool-catalog.js';
import { explainToolSearch } from '../../src/search/explain-tool-search.js';

const PATH_SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

function builtin(name: string, description: string, inputSchema: ToolDefinition['inputSchema'] = PATH_SCHEMA): ToolDefinition {
  return { name, description, inputSchema };
}

function names(hits: readonly { name: string }[]): string[] {
  return hits.map((hit) => hit.name);
}

/** Scores come rounded to six decimals. */
function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}

const FILE_TOOLS = [
  builtin('read_file', 'Read the contents of a file'),
  builtin('send_email', 'Send an email to a recipient'),
  builtin('write_file', 'Write contents to a file'),
];

describe('createToolIndex', () => {
  describe("the seed's examples", () => {
    it('ranks read_file first for "read file"', () => {
      expect(createToolIndex(FILE_TOOLS).search('read file')[0]?.name).toBe('read_file');
    });

    it('returns exactly send_email for "email"', () => {
      expect(names(createToolIndex(FILE_TOOLS).search('email'))).toEqual(['send_email']);
    });

    it('weighs a term in the name above one in the description ("search" ranks search_logs first)', () => {
      const tools = [builtin('find_user', 'Search the logs'), builtin('search_logs', 'Find stuff')];
      expect(names(createToolIndex(tools).search('search'))).toEqual(['search_logs', 'find_user']);
      expect(names(createToolIndex(tools, { cut: { rule: 'band', ratio: 0.5 } }).search('search'))).toEqual(['search_logs']);
    });

    it.each(['read_file', '"read_file"', '`read_file`', "'read_file'", 'read_file?', 'READ_FILE', 'read.file', 'read-file'])(
      'returns an exactly named tool alone, whatever wraps or separates it: %s',
      (query) => {
        const index = createToolIndex([builtin('read_file_lines', 'Read lines'), builtin('read_file', 'Read a file')]);
        expect(names(index.search(query))).toEqual(['read_file']);
      },
    );

    it('takes words separated by spaces as words, not as a name ("read file")', () => {
      const index = createToolIndex([builtin('read_file_lines', 'Read lines'), builtin('read_file', 'Read a file')]);
      // Both names have both words; the one the request covers whole comes first (nameMissPenalty), and without the
      // penalty it is a tie, in the tool list's order.
      expect(names(index.search('read file'))).toEqual(['read_file', 'read_file_lines']);
      const plain = createToolIndex([builtin('read_file_lines', 'Read lines'), builtin('read_file', 'Read a file')], { nameMissPenalty: 0 });
      expect(names(plain.search('read file'))).toEqual(['read_file_lines', 'read_file']);
    });

    it('caps the results at 8', () => {
      const tools = Array.from({ length: 20 }, (_, index) => builtin(`tool_${index}`, 'does a thing'));
      expect(createToolIndex(tools).search('thing')).toHaveLength(8);
    });

    it('never returns itself (tool_search)', () => {
      const index = createToolIndex([builtin('tool_search', 'Search tools and read them'), builtin('read_file', 'Read a file')]);
      expect(names(index.search('tool_search read'))).toEqual(['read_file']);
      expect(names(index.search('select:tool_search,read_file'))).toEqual(['read_file']);
      expect(index.size).toBe(1);
    });
  });

  describe('scoring', () => {
    // Four tools, each term in exactly one tool, so every rarity is 1 and scores are the field weights.
    const tools = [
      builtin('archive_box', 'Stores things.'),
      builtin('shelf', 'Holds an archive of papers.'),
      builtin('drawer', 'Holds pens.', { type: 'object', properties: { archiveId: { type: 'string' } } }),
      builtin('exporter', 'Exports.', { type: 'object', properties: { format: { type: 'string', description: 'archive or zip' } } }),
    ];

    it('weighs a term 3 in a name, 1 in a description and 0.75 in the parameters', () => {
      const index = createToolIndex(tools, { rarity: false, lengthNormalization: 0, nameMissPenalty: 0 });
      expect(index.search('archive')).toEqual([
        { name: 'archive_box', score: 3 },
        { name: 'shelf', score: 1 },
        { name: 'drawer', score: 0.75 },
        { name: 'exporter', score: 0.75 },
      ]);
    });

    it('counts the best field of each term once, and each distinct query term once', () => {
      const index = createToolIndex([builtin('archive', 'The archive of archives')], { rarity: false, sameFormShare: 0 });
      expect(index.search('archive archives archived')).toEqual([{ name: 'archive', score: 3 }]);
    });

    it('adds the weights of different query terms', () => {
      const index = createToolIndex([builtin('read_file', 'Read a file'), builtin('open_door', 'Opens a door')], { rarity: false, coverageBonus: 0 });
      expect(index.search('read the file')).toEqual([{ name: 'read_file', score: 6 }]);
    });

    it('takes from a tool met in its name 0.1 × 3 × the share of its name the query lacks, at most half its score', () => {
      const siblings = [builtin('table_list', 'x'), builtin('table_schema_get', 'y'), builtin('database_list', 'z')];
      const index = createToolIndex(siblings, { rarity: false, coverageBonus: 0, lengthNormalization: 0 });
      // table_list: 3 + 3, all of its name; table_schema_get: 3 − 0.3 × 2/3; database_list: 3 − 0.3 × 1/2.
      expect(index.search('list the tables')).toEqual([
        { name: 'table_list', score: 6 },
        { name: 'database_list', score: 2.85 },
        { name: 'table_schema_get', score: 2.8 },
      ]);
      expect(createToolIndex(siblings, { rarity: false, coverageBonus: 0, nameMissPenalty: 1 }).search('schema')).toEqual([
        { name: 'table_schema_get', score: 1.5 },
      ]);
      expect(() => createToolIndex(siblings, { nameMissPenalty: -1 })).toThrow('`nameMissPenalty` must be a finite number ≥ 0, got -1');
    });

    it('scales a term by its rarity: ln(1 + N / n) / ln(1 + N)', () => {
      const index = createToolIndex([builtin('get_user', 'x'), builtin('get_order', 'y'), builtin('get_item', 'z')], { coverageBonus: 0, nameMissPenalty: 0 });
      // "get" is in all 3 tools: 3 × ln(2) / ln(4) = 1.5; "order" is in one: 3 × ln(4) / ln(4) = 3.
      expect(index.search('get order')).toEqual([
        { name: 'get_order', score: 4.5 },
        { name: 'get_user', score: 1.5 },
        { name: 'get_item', score: 1.5 },
      ]);
    });

    it(`adds ${EXACT_NAME_BONUS} for an exact name and returns that tool alone`, () => {
      const index = createToolIndex([builtin('list', 'x'), builtin('list_items', 'list list list')], { rarity: false, nameMissPenalty: 0 });
      expect(index.search('list')).toEqual([{ name: 'list', score: 103 }]);
      expect(index.search('list', { visible: ['list_items'] })).toEqual([{ name: 'list_items', score: 3 }]);
    });

    it('finds no exact name for a query without a letter or digit, even for a name whose characters the key drops', () => {
      const unassigned = String.fromCodePoint(0xe1ae8, 0xc7c6e, 0x1bcf5, 0x9a2ff);
      const index = createToolIndex([builtin(unassigned, 'x'), builtin('list', 'y')], { rarity: false, nameMissPenalty: 0 });
      expect(index.search('?')).toEqual([]);
      expect(index.search(unassigned)).toEqual([{ name: unassigned, score: EXACT_NAME_BONUS }]);
    });

    it.each([
      ['_search', ['_search']],
      ['`_search`', ['_search']],
      ['search', ['search']],
      ['search!', ['search']],
      ['"search_web".', ['search_web']],
    ])('gives the exact-name bonus to the name as written: %s loads %j', (query, expected) => {
      const index = createToolIndex([builtin('search', 'x'), builtin('_search', 'y'), builtin('search_web', 'z')]);
      expect(names(index.search(query))).toEqual(expected);
    });

    it('compares names without their punctuation only when no name is written as the query', () => {
      const index = createToolIndex([builtin('_private_', 'x'), builtin('other', 'y')]);
      expect(names(index.search('private'))).toEqual(['_private_']);
      expect(index.search('private')[0]?.score).toBeGreaterThan(EXACT_NAME_BONUS);
    });

    describe('a name written without its namespace', () => {
      const index = createToolIndex([
        builtin('github__create_issue', 'Create an issue.'),
        builtin('jira__create_issue_link', 'Link two issues.'),
        builtin('mcp__linear__create_issue', 'Create a Linear issue.'),
        builtin('Api.getUser', 'Read a user.'),
        builtin('weather/forecast', 'The forecast.'),
        builtin('issue_tracker', 'Create and track issues.'),
      ]);

      it.each([
        ['create_issue', ['github__create_issue', 'mcp__linear__create_issue']],
        ['`create_issue`', ['github__create_issue', 'mcp__linear__create_issue']],
        ['linear__create_issue', ['mcp__linear__create_issue']],
        ['getUser', ['Api.getUser']],
      ])('%s names the tools whose qualified name ends with it, alone', (query, expected) => {
        const hits = index.search(query);
        expect(names(hits)).toEqual(expected);
        for (const hit of hits) expect(hit.score).toBeGreaterThan(EXACT_NAME_BONUS);
      });

      it('leaves a one-word query to the ranking (forecast, issue), and a name as written wins over a qualified one', () => {
        expect(index.search('forecast')[0]?.score).toBeLessThan(EXACT_NAME_BONUS);
        expect(names(index.search('issue')).length).toBeGreaterThan(1);
        const both = createToolIndex([builtin('github__create_issue', 'x'), builtin('create_issue', 'y')]);
        expect(names(both.search('create_issue'))).toEqual(['create_issue']);
      });

      it('keeps to the visible tools', () => {
        expect(names(index.search('create_issue', { visible: ['mcp__linear__create_issue', 'issue_tracker'] }))).toEqual(['mcp__linear__create_issue']);
      });

      it('ranks a name that thousands of qualified names end with in linear work (issue 15, item 16)', () => {
        const count = 24_000;
        const many = createToolIndex(
          Array.from({ length: count }, (_, server) => builtin(`srv${server}__list_issues`, `List the issues of server ${server}.`)),
        );
        // The work is counted, not timed: every element `Array.prototype.includes` scans during the search. Checking
        // membership in the list of exact names once per comparison scanned it for every tool, about count² elements.
        let scanned = 0;
        const includes = Array.prototype.includes;
        Array.prototype.includes = function (this: unknown[], ...args: Parameters<typeof includes>) {
          scanned += this.length;
          return includes.apply(this, args);
        };
        let hits: ReturnType<typeof many.search>;
        try {
          hits = many.search('list_issues', { maxResults: 3 });
        } finally {
          Array.prototype.includes = includes;
        }
        expect(scanned).toBeLessThan(count * 4);
        expect(names(hits)).toEqual(['srv0__list_issues', 'srv1__list_issues', 'srv2__list_issues']);
        expect(names(many.search('list_issues', { maxResults: 2, visible: new Set(['srv23999__list_issues', 'srv7__list_issues']) }))).toEqual([
          'srv7__list_issues',
          'srv23999__list_issues',
        ]);
      });
    });

    it('returns each tool once, even when a field weighs 0', () => {
      const index = createToolIndex([builtin('archive', 'archive of records', { type: 'object', properties: { archive: { type: 'string' } } })], {
        weights: { name: 0, description: 0, parameters: 0 },
      });
      expect(index.search('archive records')).toEqual([]);
      const some = createToolIndex([builtin('archive', 'the records')], { weights: { name: 0 }, rarity: false, lengthNormalization: 0, sameFormShare: 0 });
      expect(some.search('archive records')).toEqual([{ name: 'archive', score: 1 }]);
    });

    it('keeps the tool list order between equal scores', () => {
      const tools = ['zeta_report', 'alpha_report', 'mid_report'].map((name) => builtin(name, 'A report'));
      expect(names(createToolIndex(tools).search('report'))).toEqual(['zeta_report', 'alpha_report', 'mid_report']);
    });

    it('matches every naming style of a name', () => {
      const index = createToolIndex([
        builtin('ChaDri.change_drink', 'x'),
        builtin('github__create_issue', 'y'),
        builtin('listRepoFiles', 'z'),
        builtin('delete-branch', 'w'),
      ]);
      expect(names(index.search('change drinks'))).toEqual(['ChaDri.change_drink']);
      expect(names(index.search('creating issues'))).toEqual(['github__create_issue']);
      expect(names(index.search('list files of a repo'))).toEqual(['listRepoFiles']);
      expect(names(index.search('Delete the branch'))).toEqual(['delete-branch']);
    });

    it('meets a brand written in camel case and in lower case (GitHub, github)', () => {
      const index = createToolIndex([builtin('github_open_issue', 'Open an issue'), builtin('gitlab_open_issue', 'Open an issue'), builtin('noop', 'x')]);
      expect(names(index.search('GitHub'))).toEqual(['github_open_issue']);
      expect(names(index.search('open a GitHub issue'))[0]).toBe('github_open_issue');
    });

    it('searches the category and title with the description', () => {
      const index = createToolIndex([
        { ...builtin('open_issue', 'Opens one'), category: 'Tracker' },
        { ...builtin('close_issue', 'Closes one'), title: 'Tracker closer' },
        builtin('rename_issue', 'Renames one'),
      ]);
      expect(names(index.search('tracker'))).toEqual(['open_issue', 'close_issue']);
    });

    it('does not match inside a word (file does not hit profile)', () => {
      const index = createToolIndex([builtin('get_profile', 'Get a user profile'), builtin('open_file', 'Open a file')]);
      expect(names(index.search('file'))).toEqual(['open_file']);
    });

    it('ignores stop words, so a sentence does not match every tool', () => {
      const index = createToolIndex([builtin('get_weather', 'Get the weather in a city'), builtin('send_email', 'Send an email to a person')]);
      expect(names(index.search('What is the weather in Paris?'))).toEqual(['get_weather']);
    });

    it('gives the same results for the same input, and does not change the tools', () => {
      const tools = structuredClone(FILE_TOOLS);
      const index = createToolIndex(tools);
      expect(index.search('write a file')).toEqual(createToolIndex(FILE_TOOLS).search('write a file'));
      expect(tools).toEqual(FILE_TOOLS);
    });
  });

  describe('coverage', () => {
    const tools = [
      builtin('weather_now', 'Shows data'),
      builtin('lookup', 'Forecast of the weather for a city'),
      builtin('alphabet', 'alpha beta gamma', { type: 'object', properties: { delta: { type: 'string' } } }),
    ];
    // Every term in one tool and no length factor, so the scores are field weights plus the bonus.
    const plain = { rarity: false, lengthNormalization: 0 } as const;

    it.each([
      [undefined, 'alpha beta gamma delta', 3 + 0.75 + 3],
      [0, 'alpha beta gamma delta', 3 + 0.75],
      [0.5, 'alpha beta gamma delta', 3 + 0.75 + 1.5],
      [undefined, 'alpha', 1],
      [undefined, 'alpha alpha', 1],
    ])('with coverageBonus %s, adds the bonus for each distinct query term beyond the first: %j scores %d', (coverageBonus, query, score) => {
      const index = createToolIndex(tools, { ...plain, ...(coverageBonus === undefined ? {} : { coverageBonus }) });
      expect(index.search(query)).toEqual([{ name: 'alphabet', score }]);
    });

    it('ranks a tool that has more of the request above one that has a single word of it in its name', () => {
      const index = createToolIndex(tools, plain);
      // lookup: 3 description terms (3) + 2 for its second and third; weather_now: one name term (3).
      expect(index.search('weather forecast city')).toEqual([
        { name: 'lookup', score: 5 },
        { name: 'weather_now', score: 3 },
      ]);
    });

    it('does not count a term found only in a field weighing 0', () => {
      const index = createToolIndex(tools, { ...plain, weights: { parameters: 0 } });
      expect(index.search('gamma delta')).toEqual([{ name: 'alphabet', score: 1 }]);
    });

    it('scales the bonus of each term but the rarest by the square root of its rarity, so common words add little', () => {
      // "report" is in all 4 tools (rarity ln 2 / ln 5), "sales" in one (rarity 1); sales_report: 3 × 1 + 3 × r + √r.
      const reports = ['sales_report', 'audit_report', 'stock_report', 'staff_report'].map((name) => builtin(name, 'x'));
      const rarity = Math.log(2) / Math.log(5);
      const [best] = createToolIndex(reports, { lengthNormalization: 0, sameFormShare: 0 }).search('sales report');
      expect(best).toEqual({ name: 'sales_report', score: round(3 + 3 * rarity + Math.sqrt(rarity)) });
    });
  });

  describe('a request with several needs (issue 16)', () => {
    const described = (props: Record<string, string>) => ({
      type: 'object',
      properties: Object.fromEntries(Object.entries(props).map(([key, description]) => [key, { type: 'string', description }])),
    });
    // Three generalists whose parameter text touches every need, and one tool per need.
    const generalist = (name: string) =>
      builtin(
        name,
        'Plan a trip.',
        described({ flight: 'Flight to book', hotel: 'Hotel to reserve', car: 'Rental car class', weather: 'Expected weather forecast', city: 'City' }),
      );
    const tools = [
      generalist('plan_trip'),
      generalist('travel_agent'),
      generalist('build_itinerary'),
      builtin('book_flight', 'Book a flight.', described({ to: 'Destination' })),
      builtin('reserve_hotel', 'Reserve a hotel room.', described({ city: 'City' })),
      builtin('rent_car', 'Rent a car.', described({ city: 'City' })),
      builtin('get_weather_forecast', 'The weather forecast for a city.', described({ city: 'City' })),
    ];
    const request = 'Book a flight to Paris, reserve a hotel, rent a car in the city and check the weather forecast';

    it('chooses each next result for what the list does not cover yet, so generalists repeating the first fall behind', () => {
      expect(names(createToolIndex(tools, { coveredTermShare: 1 }).search(request, { maxResults: 3 }))).toEqual([
        'plan_trip',
        'travel_agent',
        'build_itinerary',
      ]);
      const hits = createToolIndex(tools).search(request, { maxResults: 3 });
      expect(names(hits)).toEqual(['plan_trip', 'rent_car', 'get_weather_forecast']);
      // Scores still fall down the list: each is the score the tool had when it was chosen.
      expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
    });

    it('leaves a few keywords (one need) to the plain ranking', () => {
      const index = createToolIndex(tools);
      expect(index.search('flight hotel car weather')).toEqual(createToolIndex(tools, { coveredTermShare: 1 }).search('flight hotel car weather'));
    });

    it('rejects a share outside 0 to 1', () => {
      expect(() => createToolIndex(tools, { coveredTermShare: 1.5 })).toThrow('`coveredTermShare` must be a number from 0 to 1, got 1.5');
    });
  });

  describe('tools of several servers (issue 16)', () => {
    const catalog = createMCPToolCatalog({
      // "find" and "top" are common name words here, as in any large catalog.
      github: [
        builtin('search_issues', 'Search issues and pull requests.'),
        builtin('get_file_contents', 'Get the contents of a file or page.'),
        builtin('find_files', 'Find files by name.'),
        builtin('find_users', 'Find users by login.'),
        builtin('list_top_repositories', 'The most starred repositories.'),
      ],
      confluence: [builtin('search', 'Search content with CQL.'), builtin('get_page', 'Get a page by id.')],
      reddit: [builtin('find_top_posts', 'Find the top posts of a subreddit.')],
    });

    it('favours the tools of a server the query names, whatever a common word in another tool’s name scores', () => {
      const index = createToolIndex(catalog);
      const ranked = names(index.search('find the top 10 pages in Confluence'));
      expect(ranked[0]).toBe('confluence__get_page');
      // The Confluence tool that matches no other word still ranks above GitHub's tool that has "page".
      expect(ranked.indexOf('confluence__search')).toBeLessThan(ranked.indexOf('github__get_file_contents'));
      expect(names(index.search('find the top 10 pages'))[0]).toBe('reddit__find_top_posts');
      const explained = explainToolSearch(catalog, 'search on GitHub', { maxResults: 1 });
      expect(explained.results[0]?.terms).toContainEqual(expect.objectContaining({ term: 'github', field: 'server', fieldWeight: 3, rarity: 1 }));
      expect(explained.results[0]?.unexplained).toBe(0);
    });

    it('reads a server from the `server` field only: without it, a qualified name’s namespace counts as description words', () => {
      const bare = catalog.tools.map(({ server: _server, ...tool }) => tool);
      const explained = explainToolSearch(bare, 'find the top 10 pages in Confluence');
      // A description word weighs less than the server field: Reddit's tool, with "find" and "top" in its name, now
      // ranks first, and Confluence's page tool next.
      expect(explained.results.slice(0, 2).map((result) => result.name)).toEqual(['reddit__find_top_posts', 'confluence__get_page']);
      const fields = explained.results.flatMap((result) => result.terms.filter((term) => term.term === 'confluenc').map((term) => term.field));
      expect(new Set(fields)).toEqual(new Set(['description']));
    });

    // The issue 26 case: only the names two servers share carry the server's prefix, and every tool has its `server`.
    const partlyQualified: ToolDefinition[] = [
      { ...builtin('github__create_issue', 'Create a new issue in a GitHub repository.'), server: 'github' },
      { ...builtin('list_issues', 'List issues in a GitHub repository.'), server: 'github' },
      { ...builtin('get_issue', 'Get the details of an issue.'), server: 'github' },
      { ...builtin('update_issue', 'Update an existing issue.'), server: 'github' },
      { ...builtin('jira__create_issue', 'Create a Jira issue.'), server: 'jira' },
      { ...builtin('search_jql', 'Search Jira with JQL.'), server: 'jira' },
    ];

    it.each([
      ['list the issues on github', 'list_issues'],
      ['get issue 42 from github', 'get_issue'],
      ['update a github issue', 'update_issue'],
      ['create an issue on github', 'github__create_issue'],
      ['create an issue in jira', 'jira__create_issue'],
    ])('never lifts a sibling above the tool the request names, whichever names carry the prefix: %j', (query, expected) => {
      expect(names(createToolIndex(partlyQualified).search(query))[0]).toBe(expected);
    });

    it.each([
      ['list the issues on github', 'list_issues'],
      ['get issue 42 from github', 'get_issue'],
      ['update a github issue', 'update_issue'],
    ])('never lifts a qualified sibling above the tool the request names when no tool has a `server` field either: %j', (query, expected) => {
      const bare = partlyQualified.map(({ server: _server, ...tool }) => tool);
      expect(names(createToolIndex(bare).search(query))[0]).toBe(expected);
    });

    it('gives every tool of the server the request names the same server points, and none from the name’s prefix', () => {
      const explained = explainToolSearch(partlyQualified, 'issues on github');
      const github = explained.results.filter((result) => result.name !== 'jira__create_issue');
      expect(new Set(github.map((result) => result.terms.find((term) => term.field === 'server')?.points))).toEqual(new Set([3]));
      expect(explained.results.flatMap((result) => result.terms.filter((term) => term.term === 'github').map((term) => term.field))).not.toContain('name');
    });

    it('counts no server when every tool has the same one', () => {
      const one = createMCPToolCatalog({ github: [builtin('search_issues', 'Search issues.'), builtin('get_me', 'The signed-in user.')] });
      expect(explainToolSearch(one, 'search github issues').results.flatMap((result) => result.terms.map((term) => term.field))).not.toContain('server');
    });
  });

  describe('compounds written apart', () => {
    it('joins two words of the request when a tool has the joined word ("page speed" finds pagespeed)', () => {
      const tools = [builtin('pagespeed_insights', 'Run Lighthouse audits on a URL.'), builtin('take_screenshot', 'Capture the screen.')];
      expect(names(createToolIndex(tools).search('check the page speed'))).toEqual(['pagespeed_insights']);
      // No tool has "speedcheck": nothing is joined, nothing is invented.
      expect(createToolIndex(tools).search('speed check')).toEqual([]);
    });
  });

  describe('a word in the form the request writes it (sameFormShare, issue 26)', () => {
    // Siblings of one service that share every term the request has: only the form of "keys" tells them apart.
    const keys = [builtin('vault_key_get', 'Get a key from a vault'), builtin('vault_key_list', 'List the keys of a vault')];

    it('ranks the tool that writes an inflected request word the same way first', () => {
      expect(names(createToolIndex(keys).search('show me the keys in my vault'))).toEqual(['vault_key_list', 'vault_key_get']);
      expect(names(createToolIndex(keys).search('get the key from my vault'))[0]).toBe('vault_key_get');
    });

    it('adds sameFormShare (0.3) × the points the form earns where the tool has it', () => {
      const plain = { rarity: false, coverageBonus: 0, lengthNormalization: 0, nameMissPenalty: 0 } as const;
      // "vaults" is only in vault_stats' description (1 point), in the form the request writes it.
      const tools = [builtin('vault_stats', 'Statistics of vaults'), builtin('vault_list', 'List every vault')];
      expect(createToolIndex(tools, plain).search('vaults')).toEqual([
        { name: 'vault_stats', score: 3.3 },
        { name: 'vault_list', score: 3 },
      ]);
      expect(createToolIndex(tools, { ...plain, sameFormShare: 1 }).search('vaults')[0]).toEqual({ name: 'vault_stats', score: 4 });
      expect(createToolIndex(tools, { ...plain, sameFormShare: 0 }).search('vaults')).toEqual([
        { name: 'vault_stats', score: 3 },
        { name: 'vault_list', score: 3 },
      ]);
      expect(() => createToolIndex(tools, { sameFormShare: -0.5 })).toThrow('`sameFormShare` must be a finite number ≥ 0, got -0.5');
    });

    it('adds nothing to a tool the request does not match otherwise, and shows the part in explain', () => {
      // A field weighing 0 makes no match: the same form there adds nothing.
      const index = createToolIndex(keys, { weights: { name: 0, description: 0, parameters: 0 } });
      expect(index.search('keys')).toEqual([]);
      const explained = explainToolSearch(keys, 'show me the keys in my vault');
      expect(explained.results.map((result) => [result.name, result.sameForm > 0, result.unexplained])).toEqual([
        ['vault_key_list', true, 0],
        ['vault_key_get', false, 0],
      ]);
    });
  });

  describe('parameters a server’s tools share (issue 26)', () => {
    // Six tools of one server with the same `tenant` option, described in the same words.
    const tenant = { type: 'string', description: 'The tenant of the Azure CLI login' };
    const withTenant = (name: string, description: string, extra: Record<string, unknown> = {}) =>
      builtin(name, description, { type: 'object', properties: { tenant, ...extra } });
    const tools = [
      withTenant('storage_account_list', 'List storage accounts'),
      withTenant('storage_blob_get', 'Get a blob'),
      withTenant('keyvault_key_list', 'List the keys of a vault'),
      withTenant('group_list', 'List resource groups'),
      withTenant('sql_server_show', 'Show a SQL server', { login: { type: 'string', description: 'The admin login' } }),
      withTenant('cli_generate', 'Generate a command for the command line'),
    ].map((tool) => ({ ...tool, server: 'azure' }));

    it('leaves them out of every tool’s text, so their words match no tool', () => {
      expect(createToolIndex(tools).search('tenant')).toEqual([]);
      // A parameter only one tool has is still searched.
      expect(names(createToolIndex(tools).search('admin login'))).toEqual(['sql_server_show']);
    });

    it('keeps the rarity of a word the common option has: a tool named for it scores as the only tool with it', () => {
      // "cli" is in every tool's `tenant` description; counted there, it would weigh ln(1 + 6/6) / ln(7) in the name.
      // 3 × 1, less 0.1 × 3 × ½ for "generate", the half of its name the query lacks.
      expect(createToolIndex(tools).search('the CLI')).toEqual([{ name: 'cli_generate', score: 2.85 }]);
    });

    it('keeps a parameter fewer than 5 tools, or under half of a server’s tools, declare alike', () => {
      expect(names(createToolIndex(tools.slice(0, 4)).search('tenant'))).toHaveLength(4);
      const otherServer = tools.map((tool, position) => (position < 3 ? tool : { ...tool, server: 'other' }));
      // Three of each server's tools: under the five that make a parameter shared.
      expect(createToolIndex(otherServer).search('tenant')).toHaveLength(6);
    });
  });

  describe('description length', () => {
    // Two descriptions of 2 and 8 words (stop words left out): the average length is 5.
    const tools = [builtin('short', 'Export chats'), builtin('long', 'Export documents, chats, notes, pages, photos, files and links')];

    it('multiplies a description match by (average length / length)^0.15, so a short exact description ranks first', () => {
      expect(createToolIndex(tools, { rarity: false, sameFormShare: 0 }).search('chats')).toEqual([
        { name: 'short', score: round((5 / 2) ** 0.15) },
        { name: 'long', score: round((5 / 8) ** 0.15) },
      ]);
    });

    it('takes its exponent from lengthNormalization, and 0 turns it off', () => {
      expect(createToolIndex(tools, { rarity: false, lengthNormalization: 1, sameFormShare: 0 }).search('chats')[0]).toEqual({ name: 'short', score: 2.5 });
      expect(createToolIndex(tools, { rarity: false, lengthNormalization: 0, sameFormShare: 0 }).search('chats')).toEqual([
        { name: 'short', score: 1 },
        { name: 'long', score: 1 },
      ]);
    });

    it('leaves name and parameter matches alone', () => {
      const index = createToolIndex([...tools, builtin('export_chats', 'A very long description of many words indeed')], {
        rarity: false,
        coverageBonus: 0,
        nameMissPenalty: 0,
        sameFormShare: 0,
      });
      expect(index.search('chats')[0]).toEqual({ name: 'export_chats', score: 3 });
    });
  });

  describe('the cut and the cap', () => {
    const tools = [builtin('send_email', 'Send an email'), builtin('email_archive', 'Archive of mail'), builtin('send_fax', 'Fax a page')];
    // Field weights only, so the scores below are sums of 3s and 1s; the seed's band.
    const plain = { rarity: false, coverageBonus: 0, lengthNormalization: 0, nameMissPenalty: 0, minScoreRatio: 0.5 } as const;

    it('drops results scoring under half the top score', () => {
      const hits = createToolIndex(tools, plain).search('send email');
      // send_email 6, email_archive 3, send_fax 3: the band is ≥ 3.
      expect(names(hits)).toEqual(['send_email', 'email_archive', 'send_fax']);
      const strict = createToolIndex([...tools, builtin('mailer', 'Sends an email')], plain).search('send email');
      expect(strict.every((hit) => hit.score >= 3)).toBe(true);
    });

    it('drops a result just under half the top score', () => {
      const index = createToolIndex([builtin('backup_disk', 'x'), builtin('backup_plan', 'y'), builtin('mirror', 'disk backup')], plain);
      // backup_disk 6, backup_plan 3 (half: kept), mirror 2 (one description term each: under half).
      expect(names(index.search('backup disk'))).toEqual(['backup_disk', 'backup_plan']);
    });

    it('counts the coverage bonus in the score the band is taken from', () => {
      // send_email 3 + 3 + 1 = 7, so the band is ≥ 3.5 and the one-term matches (3 each) fall out of it.
      expect(createToolIndex(tools, { rarity: false, minScoreRatio: 0.5 }).search('send email')).toEqual([{ name: 'send_email', score: 7 }]);
    });

    it('keeps every match with minScoreRatio 0', () => {
      const index = createToolIndex([builtin('backup_disk', 'x'), builtin('mirror', 'disk')], { rarity: false, minScoreRatio: 0 });
      expect(names(index.search('backup disk'))).toEqual(['backup_disk', 'mirror']);
    });

    describe('cut rules', () => {
      const ladder = [
        builtin('backup_disk', 'x'),
        builtin('backup', 'a disk tool', { type: 'object', properties: { z: { type: 'string' } } }),
        builtin('disk', 'y'),
        builtin('mirror', 'disk copies'),
      ];
      const scored = { rarity: false, coverageBonus: 0, lengthNormalization: 0 } as const;
      // For "backup disk": backup_disk 6 (two name terms), backup 3 + 1 = 4, disk 3, mirror 1.

      it.each([
        ['count (the default) keeps every match', undefined, ['backup_disk', 'backup', 'disk', 'mirror']],
        ["band 0.5 keeps scores ≥ half the best (the seed's rule)", { rule: 'band', ratio: 0.5 }, ['backup_disk', 'backup', 'disk']],
        ['gap 0.6 stops at the first score under 0.6 × the one before (1 < 0.6 × 3)', { rule: 'gap', ratio: 0.6 }, ['backup_disk', 'backup', 'disk']],
        ['gap 0.7 stops earlier (4 < 0.7 × 6)', { rule: 'gap', ratio: 0.7 }, ['backup_disk']],
        ['floor 0.5 keeps scores ≥ half the best possible (3 + 3 for two name terms)', { rule: 'floor', ratio: 0.5 }, ['backup_disk', 'backup', 'disk']],
        ['floor 1 keeps at least the best result', { rule: 'floor', ratio: 1 }, ['backup_disk']],
      ] as const)('%s', (_rule, cut, expected) => {
        const index = createToolIndex(ladder, cut === undefined ? scored : { ...scored, cut });
        expect(names(index.search('backup disk'))).toEqual(expected);
      });

      it('counts the coverage bonus in the best possible score of the floor rule', () => {
        // Best possible: 3 + 3 + 1 (one term beyond the rarest, √1) = 7; backup 4 + 1 = 5 is under 0.75 × 7.
        const index = createToolIndex(ladder, { rarity: false, lengthNormalization: 0, cut: { rule: 'floor', ratio: 0.75 } });
        expect(index.search('backup disk')).toEqual([{ name: 'backup_disk', score: 7 }]);
      });
    });

    it.each([
      [undefined, undefined, 8],
      [3, undefined, 3],
      [3, 5, 5],
      [undefined, 1, 1],
    ])('caps at the index maxResults %s / the search maxResults %s: %i results', (indexCap, searchCap, expected) => {
      const many = Array.from({ length: 20 }, (_, index) => builtin(`tool_${index}`, 'does a thing'));
      const index = createToolIndex(many, indexCap === undefined ? undefined : { maxResults: indexCap });
      expect(index.search('thing', searchCap === undefined ? undefined : { maxResults: searchCap })).toHaveLength(expected);
    });
  });

  describe('visible tools', () => {
    const index = createToolIndex(FILE_TOOLS);

    it.each([
      ['a list', ['read_file']],
      ['a set', new Set(['read_file'])],
    ])('considers only the visible tools, given as %s', (_kind, visible) => {
      expect(names(index.search('file', { visible }))).toEqual(['read_file']);
    });

    it('takes the top band over the visible tools only', () => {
      const tools = [builtin('write_file', 'Write a file'), builtin('read_notes', 'Read the notes')];
      // Hidden write_file would score 6 and push read_notes (3) out of the band if it were counted.
      expect(names(createToolIndex(tools, { minScoreRatio: 0.5 }).search('write file notes', { visible: ['read_notes'] }))).toEqual(['read_notes']);
    });

    it('returns nothing when nothing is visible', () => {
      expect(index.search('file', { visible: [] })).toEqual([]);
      expect(index.search('read_file', { visible: [] })).toEqual([]);
    });

    it('ignores visible names the index does not know', () => {
      expect(names(index.search('file', { visible: ['read_file', 'nope'] }))).toEqual(['read_file']);
    });
  });

  describe('select:', () => {
    const index = createToolIndex(FILE_TOOLS);

    it('returns exactly the named tools, in the order listed', () => {
      expect(index.search('select:write_file,read_file')).toEqual([
        { name: 'write_file', score: EXACT_NAME_BONUS },
        { name: 'read_file', score: EXACT_NAME_BONUS },
      ]);
    });

    it('leaves out unknown and invisible names', () => {
      expect(names(index.search('select:nope,write_file,read_file', { visible: ['read_file', 'nope'] }))).toEqual(['read_file']);
    });

    it('returns every named tool, beyond maxResults', () => {
      expect(index.search('select:read_file,write_file,send_email', { maxResults: 1 })).toHaveLength(3);
    });

    it('matches names exactly, case included', () => {
      expect(index.search('select:READ_FILE')).toEqual([]);
    });

    it('selects the one visible tool whose qualified name ends with a name no tool has, and none when two fit', () => {
      const qualified = createToolIndex([builtin('github__create_issue', 'x'), builtin('gitlab__create_issue', 'y'), builtin('github__get_me', 'z')]);
      expect(qualified.search('select:get_me')).toEqual([{ name: 'github__get_me', score: EXACT_NAME_BONUS }]);
      expect(qualified.search('select:create_issue')).toEqual([]);
      expect(qualified.search('select:create_issue', { visible: ['gitlab__create_issue'] })).toEqual([
        { name: 'gitlab__create_issue', score: EXACT_NAME_BONUS },
      ]);
      expect(qualified.search('select:GET_ME')).toEqual([]);
    });
  });

  describe('queries without a searchable word', () => {
    it.each(['', '   ', '?!', '``', '"" ...', 'select:'])('returns [] for %j', (query) => {
      expect(createToolIndex(FILE_TOOLS).search(query)).toEqual([]);
    });

    it('returns [] when no tool matches', () => {
      expect(createToolIndex(FILE_TOOLS).search('kubernetes')).toEqual([]);
    });

    it('returns [] over an empty tool list', () => {
      const index = createToolIndex([]);
      expect(index.size).toBe(0);
      expect(index.search('file')).toEqual([]);
    });

    it('still finds a tool whose whole name is a stop word', () => {
      expect(names(createToolIndex([builtin('help', 'Shows usage'), ...FILE_TOOLS]).search('help'))).toEqual(['help']);
    });

    it('matches a query of stop words only on the stop words of the tools', () => {
      const index = createToolIndex([builtin('identify', 'Tells you what this is'), builtin('weather', 'Forecast for a city')]);
      expect(names(index.search('What is this?'))).toEqual(['identify']);
      expect(index.search('neither nor')).toEqual([]);
    });

    it('treats "near" as a word worth searching ("What is near me?" finds the places tool)', () => {
      const index = createToolIndex([builtin('local', 'Find shops and restaurants near you'), builtin('weather', 'Forecast for a city')]);
      expect(names(index.search('What is near me?'))).toEqual(['local']);
    });
  });

  describe('bad input', () => {
    it.each([
      ['maxResults 0', { maxResults: 0 }, '`maxResults` must be a whole number ≥ 1, got 0'],
      ['maxResults 2.5', { maxResults: 2.5 }, '`maxResults` must be a whole number ≥ 1, got 2.5'],
      ['maxResults as a string', { maxResults: '8' }, '`maxResults` must be a whole number ≥ 1, got "8" (a string)'],
      ['a negative weight', { weights: { name: -1 } }, '`weights.name` must be a finite number ≥ 0, got -1'],
      ['an infinite weight', { weights: { parameters: Infinity } }, '`weights.parameters` must be a finite number ≥ 0, got Infinity'],
      ['minScoreRatio above 1', { minScoreRatio: 2 }, '`minScoreRatio` must be a number from 0 to 1, got 2'],
      ['a negative coverageBonus', { coverageBonus: -1 }, '`coverageBonus` must be a finite number ≥ 0, got -1'],
      ['a coverageBonus that is not a number', { coverageBonus: '1' }, '`coverageBonus` must be a finite number ≥ 0, got "1" (a string)'],
      ['a negative lengthNormalization', { lengthNormalization: -0.1 }, '`lengthNormalization` must be a finite number ≥ 0, got -0.1'],
      [
        'a cut rule that does not exist',
        { cut: { rule: 'top' } },
        "`cut.rule` must be `{ rule: 'count' }` or `{ rule: 'band' | 'gap' | 'floor', ratio }`, got \"top\" (a string)",
      ],
      ['a band without its ratio', { cut: { rule: 'band' } }, '`cut.ratio` must be a number from 0 to 1, got nothing (undefined)'],
      ['a gap ratio above 1', { cut: { rule: 'gap', ratio: 1.5 } }, '`cut.ratio` must be a number from 0 to 1, got 1.5'],
      ['both cut and minScoreRatio', { cut: { rule: 'count' }, minScoreRatio: 0.5 }, 'give `cut` or `minScoreRatio`'],
      ['an unknown option', { maxResult: 3 }, 'unknown option(s) `maxResult`'],
      ['options that are not an object', 'fast', '`options` of `createToolIndex` must be an object, got "fast" (a string)'],
    ])('rejects %s with invalid-options', (_case, options, message) => {
      const build = (): unknown => createToolIndex(FILE_TOOLS, options as never);
      expect(build).toThrow(ToolSearchError);
      expect(build).toThrow(message);
      expect(() => build()).toThrow(expect.objectContaining({ code: 'invalid-options' }));
    });

    it.each([
      ['maxResults 0', { maxResults: 0 }, '`maxResults` must be a whole number ≥ 1, got 0'],
      ['maxResults NaN', { maxResults: Number.NaN }, '`maxResults` must be a whole number ≥ 1, got NaN'],
      ['visible that is not iterable', { visible: 3 }, '`visible` must be a list of tool names (an array or a Set), got 3'],
      ['visible given as one string', { visible: 'read_file' }, '`visible` must be a list of tool names (an array or a Set), got "read_file" (a string)'],
    ])('rejects a search with %s with invalid-options', (_case, options, message) => {
      const search = (): unknown => createToolIndex(FILE_TOOLS).search('file', options as never);
      expect(search).toThrow(message);
      expect(search).toThrow(expect.objectContaining({ code: 'invalid-options' }));
    });

    it('rejects a query that is not a string with invalid-options', () => {
      expect(() => createToolIndex(FILE_TOOLS).search(42 as never)).toThrow(expect.objectContaining({ code: 'invalid-options' }));
    });

    it.each([
      ['not a list', { read_file: {} }, '`tools` must be an array of tool definitions, got an object'],
      ['holding a duplicate name', [FILE_TOOLS[0], FILE_TOOLS[0]], 'tool `read_file` is defined twice'],
      ['holding a tool without a name', [{ inputSchema: {} }], '`tools[0]`.name must be a non-empty string'],
    ])('rejects tools %s with invalid-tools', (_case, tools, message) => {
      const build = (): unknown => createToolIndex(tools as never);
      expect(build).toThrow(message);
      expect(build).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
    });
  });
});

describe('createToolIndex with a weight given as undefined', () => {
  it('ranks with that weight’s default', () => {
    const query = 'read the file path';
    expect(createToolIndex(FILE_TOOLS, { weights: { name: undefined } as never }).search(query)).toEqual(createToolIndex(FILE_TOOLS).search(query));
  });
});
