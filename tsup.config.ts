import { rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

export default defineConfig((): Options[] => {
  // The two builds below run at once, so neither may clean `dist/` itself: it is emptied once, first.
  rmSync('dist', { recursive: true, force: true });
  return [
    {
      // The library: ESM and CommonJS, declarations, no Node built-ins (edge and browser runtimes).
      entry: {
        index: 'src/index.ts',
        openai: 'src/providers/openai/index.ts',
        anthropic: 'src/providers/anthropic/index.ts',
        gemini: 'src/providers/gemini/index.ts',
        bedrock: 'src/providers/bedrock/index.ts',
        'ai-sdk': 'src/integrations/ai-sdk/index.ts',
      },
      format: ['esm', 'cjs'],
      dts: true,
      sourcemap: true,
      clean: false,
      treeshake: true,
      splitting: true,
      target: 'es2022',
      platform: 'neutral',
    },
    {
      // The `tool-search` command (package.json `bin`): one ESM file for Node, the library bundled in; the entry's
      // `#!/usr/bin/env node` line is kept and the file made executable. `gpt-tokenizer` stays an optional import.
      entry: { cli: 'src/cli/index.ts' },
      format: ['esm'],
      dts: false,
      sourcemap: false,
      clean: false,
      treeshake: true,
      splitting: false,
      target: 'node20',
      platform: 'node',
      external: ['gpt-tokenizer'],
    },
  ];
});
