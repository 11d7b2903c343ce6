import os from 'node:os';
import type { BenchMachine } from './bench-report.js';

/**
 * The machine the benchmark runs on: CPU model and core count from `os.cpus()`, memory, Node version, platform, and
 * the 1-minute load average at the start (timings from a busy machine read high).
 */
export function describeMachine(): BenchMachine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}
