// A real single-node SLURM cluster on loopback for test:slurm: munged on its own socket, slurmctld and
// slurmd as root, every state, spool, log and pid file in one temporary directory, no cgroups, no accounting.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

export const SLURM_PROGRAMS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'scontrol'] as const;

/** Why a local cluster cannot start here, or null when it can. */
export function slurmMissing(): string | null {
  const absent = SLURM_PROGRAMS.filter((p) => spawnSync('sh', ['-c', `command -v ${p}`]).status !== 0);
  if (absent.length) return `${absent.join(', ')} not installed (Debian packages slurm-wlm and munge; npm run setup:slurm)`;
  if (process.getuid?.() !== 0) return 'a local SLURM test cluster runs its daemons as root; this user is not root';
  return null;
}

export interface LocalCluster {
  dir: string;
  /** Environment for sbatch, squeue and bench --slurm: SLURM_CONF points at the cluster's slurm.conf. */
  env: NodeJS.ProcessEnv;
  log(): string;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts munged, slurmctld and slurmd; waits until the node is idle. Stops what it started if that fails. */
export async function startCluster(cpus = 4): Promise<LocalCluster> {
  const dir = mkdtempSync(join(os.tmpdir(), 'slitherbench-slurm-'));
  const path = (p: string) => join(dir, p);
  for (const d of ['state', 'spool', 'munge']) mkdirSync(path(d), { recursive: true, mode: 0o700 });
  writeFileSync(path('munge/munge.key'), randomBytes(1024), { mode: 0o400 });
  const socket = path('munge/munge.socket');
  const [ctlPort, dPort] = [await freePort(), await freePort()];
  writeFileSync(path('slurm.conf'), [
    'ClusterName=slitherbench-test',
    'SlurmctldHost=localhost(127.0.0.1)',
    `SlurmctldPort=${ctlPort}`,
    `SlurmdPort=${dPort}`,
    'SlurmUser=root',
    'SlurmdUser=root',
    'AuthType=auth/munge',
    'CredType=cred/munge',
    `AuthInfo=socket=${socket}`,
    `StateSaveLocation=${path('state')}`,
    `SlurmdSpoolDir=${path('spool')}`,
    `SlurmctldPidFile=${path('slurmctld.pid')}`,
    `SlurmdPidFile=${path('slurmd.pid')}`,
    `SlurmctldLogFile=${path('slurmctld.log')}`,
    `SlurmdLogFile=${path('slurmd.log')}`,
    'ProctrackType=proctrack/linuxproc',
    'TaskPlugin=task/none',
    'JobAcctGatherType=jobacct_gather/none',
    'AccountingStorageType=accounting_storage/none',
    'SchedulerType=sched/backfill',
    'SelectType=select/cons_tres',
    'SelectTypeParameters=CR_Core',
    'SlurmdParameters=config_overrides',
    'ReturnToService=2',
    'MpiDefault=none',
    'SwitchType=switch/none',
    'MinJobAge=600',
    // No RealMemory, as in a minimal slurm.conf: bench --slurm must then leave --mem out rather than be refused.
    `NodeName=slitherbench-node NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=${cpus} State=UNKNOWN`,
    'PartitionName=test Nodes=slitherbench-node Default=YES MaxTime=INFINITE State=UP',
    '',
  ].join('\n'));
  const env = { ...process.env, SLURM_CONF: path('slurm.conf') };
  const children: ChildProcess[] = [];
  const start = (command: string, args: string[]) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      if (code) writeFileSync(path(`${command}.exit`), `${command} exited ${code}: ${err}`);
    });
    children.push(child);
    return child;
  };
  const cluster: LocalCluster = {
    dir, env,
    log: () => ['munged.log', 'slurmctld.log', 'slurmd.log', 'munged.exit', 'slurmctld.exit', 'slurmd.exit'].filter((f) => existsSync(path(f))).map((f) => `--- ${f}\n${readFileSync(path(f), 'utf8').split('\n').slice(-30).join('\n')}`).join('\n'),
    stop: () => {
      // Each daemon by its own pid: the children we spawned in the foreground.
      for (const child of children.reverse()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const deadline = Date.now() + 5000;
      while (children.some((c) => c.exitCode === null && c.signalCode === null && isAlive(c.pid)) && Date.now() < deadline) spawnSync('sleep', ['0.1']);
      for (const child of children) if (isAlive(child.pid)) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Stopped on any exit of the test process too, so that a failed test leaves no daemon behind.
  const onExit = () => cluster.stop();
  process.once('exit', onExit);
  const stop = cluster.stop;
  cluster.stop = () => {
    process.off('exit', onExit);
    if (existsSync(dir)) stop();
  };
  try {
    start('munged', ['-F', '-f', `--socket=${socket}`, `--key-file=${path('munge/munge.key')}`, `--pid-file=${path('munged.pid')}`, `--log-file=${path('munged.log')}`, `--seed-file=${path('munge/seed')}`]);
    await waitFor(() => existsSync(socket), 10_000, 'munged did not open its socket');
    start('slurmctld', ['-D', '-i', '-f', path('slurm.conf')]);
    await sleep(500);
    start('slurmd', ['-D', '-N', 'slitherbench-node', '-f', path('slurm.conf')]);
    await waitFor(() => {
      const out = spawnSync('sinfo', ['-h', '-N', '-o', '%T'], { env, encoding: 'utf8' });
      return out.status === 0 && /idle/.test(out.stdout);
    }, 30_000, 'the node did not become idle');
    return cluster;
  } catch (error) {
    const log = cluster.log();
    cluster.stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
}

function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(test: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`local SLURM cluster: ${what} within ${ms / 1000} s`);
    await sleep(200);
  }
}
