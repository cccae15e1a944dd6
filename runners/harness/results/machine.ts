// What a run ran on: machine, software versions, code version. Written to run.json.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { packageVersion, projectManifest } from '../../../encodings/versions.ts';

function gitCommit(): string | null {
  try {
    const cwd = new URL('../../..', import.meta.url).pathname;
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

// The load when this process started (the run's start), beside the load when run.json is written.
const loadAtStart = os.loadavg();

export function machineInfo(): Record<string, unknown> {
  const cpus = os.cpus();
  const pkg = projectManifest();
  return {
    machine: { cpu: cpus[0]?.model ?? 'unknown', cores: cpus.length, memoryMb: Math.round(os.totalmem() / 2 ** 20), os: `${os.type()} ${os.release()} ${os.arch()}`, hostname: os.hostname() },
    software: {
      slitherbench: pkg.version,
      node: process.version,
      packages: Object.fromEntries(Object.keys(pkg.dependencies).map((name) => [name, packageVersion(name)])),
    },
    gitCommit: gitCommit(),
    // 1, 5 and 15 minute load averages: other work on the machine slows every run it shares the cores with.
    loadAverage: { atStart: loadAtStart.map(round2), atWrite: os.loadavg().map(round2) },
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
