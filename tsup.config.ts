import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    openai: 'src/providers/openai/index.ts',
    anthropic: 'src/providers/anthropic/index.ts',
    gemini: 'src/providers/gemini/index.ts',
    'ai-sdk': 'src/integrations/ai-sdk/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
  target: 'es2022',
  platform: 'neutral',
});
