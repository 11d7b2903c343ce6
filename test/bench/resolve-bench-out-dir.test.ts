import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBenchOutDir } from '../../bench/resolve-bench-out-dir.js';

const root = join(import.meta.dirname, '..', '..');
const ignored = (folder: string): boolean => spawnSync('git', ['check-ignore', '-q', `${relative(root, folder)}/latest.md`], { cwd: root }).status === 0;
const gitAvailable = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root }).status === 0;

describe('resolveBenchOutDir', () => {
  it.each([
    ['a full run', { quick: false, updateReport: false }, 'bench/results/local'],
    ['a quick run', { quick: true, updateReport: false }, 'bench/results/quick'],
  ])('writes %s to a folder git ignores', (_label, output, folder) => {
    const outDir = resolveBenchOutDir(output, 'usage');
    expect(relative(root, outDir)).toBe(folder);
    if (gitAvailable) expect(ignored(outDir)).toBe(true);
  });

  it('writes the committed report only with --update-report', () => {
    const outDir = resolveBenchOutDir({ quick: false, updateReport: true }, 'usage');
    expect(relative(root, outDir)).toBe('bench/results');
    if (gitAvailable) expect(ignored(outDir)).toBe(false);
  });

  it('writes where --out says', () => {
    expect(resolveBenchOutDir({ quick: true, updateReport: false, outDir: '/tmp/x' }, 'usage')).toBe('/tmp/x');
  });

  it.each([[{ quick: true, updateReport: true }], [{ quick: false, updateReport: true, outDir: '/tmp/x' }]])(
    'refuses --update-report with --quick or --out: %j',
    (output) => {
      expect(() => resolveBenchOutDir(output, 'usage: …')).toThrow(
        '--update-report writes the full run to bench/results/; it takes neither --quick nor --out. usage: …',
      );
    },
  );
});
