import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  // The package's public names, for code written as a user writes it (the quick starts run by test/docs/), except when
  // scripts/check-installed-package.mjs runs the quick starts against the packed package (`TOOL_SEARCH_APP`).
  resolve: {
    alias:
      process.env.TOOL_SEARCH_APP === undefined
        ? [
            { find: /^tool-search$/, replacement: source('index.ts') },
            { find: /^tool-search\/(openai|anthropic|gemini)$/, replacement: source('providers/$1/index.ts') },
            { find: /^tool-search\/ai-sdk$/, replacement: source('integrations/ai-sdk/index.ts') },
          ]
        : [],
  },
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: false },
  },
});
