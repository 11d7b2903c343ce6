import type { ToolDefinition } from '../src/tools/tool-definition.js';
import type { BenchPartId, BenchPartResult } from './bench-report.js';
import type { BenchSettings } from './bench-settings.js';
import type { BenchFixtures } from './load-bench-fixtures.js';

/** What every part receives: the inputs, the settings, and the grown catalog (built once). */
export interface BenchContext {
  readonly fixtures: BenchFixtures;
  readonly settings: BenchSettings;
  /** About 10,000 tools: BFCL + GitHub MCP repeated under distinct server prefixes (`bench/quality`'s builder). */
  readonly largeCatalog: readonly ToolDefinition[];
  /** Prints a progress line under the part's own (for steps that take seconds). */
  readonly progress: (line: string) => void;
}

/** One part of the benchmark. */
export interface BenchPart {
  readonly id: BenchPartId;
  readonly title: string;
  run(context: BenchContext): Promise<Omit<BenchPartResult, 'id' | 'title' | 'seconds'>>;
}
