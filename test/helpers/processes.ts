// The processes a test started, found from one listing of every process (ps), and whether one still runs.
import { spawnSync } from 'node:child_process';

export interface ProcessRow {
  pid: number;
  args: string;
}

/** The processes descended from `root`: its children, theirs, and so on. */
export function descendants(root: number): ProcessRow[] {
  const rows = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout.trim().split('\n');
  const all = rows.map((row) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(row)!).map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
  const found: ProcessRow[] = [];
  for (let parents = new Set([root]); parents.size > 0; ) {
    const children = all.filter((p) => parents.has(p.ppid));
    found.push(...children.map(({ pid, args }) => ({ pid, args })));
    parents = new Set(children.map((p) => p.pid));
  }
  return found;
}

export const alive = (pid: number): boolean => spawnSync('kill', ['-0', String(pid)]).status === 0;

/** Waits up to `ms` for `done`, looking every 100 ms; returns whether it came. */
export async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
