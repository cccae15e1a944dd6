// The one results log of every long run (bench, fuzz, generate, the search sweep): JSONL, one finished
// task a line, appended and synced as it finishes, so that a run killed at any moment resumes from its
// log with nothing lost and nothing done twice. A resumed run must be the same plan (its fingerprint).
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readFileSync, readSync, truncateSync, writeSync } from 'node:fs';
import { UsageError } from '../../../encodings/errors.ts';
import { parseJsonLines } from '../../../reports/records.ts';

/** `each`: on disk before the next task starts; `{ every: N }`: synced every N lines (a kill of the machine, not of the process, can lose the last few, which a resume does again). */
export type SyncPolicy = 'each' | { every: number };

/** What a resumed run is checked against: the plan it was started with. */
export interface PlanCheck {
  /** This run's plan: flat options, or any JSON value (compared by fingerprint). */
  plan: unknown;
  /** The plan (or only its fingerprint) the log was written under, from the run's own metadata; undefined when unknown. */
  earlier: { plan?: unknown; fingerprint?: string } | undefined;
  /** A changed plan: refuse to resume (exit 2), or warn and keep the records made under the earlier one. */
  changed: 'refuse' | 'warn';
  /** Who says so, for the warning line (`bench`). */
  who: string;
  /** The user's way out when refused, e.g. `resume it with the same options, or choose another --out`. */
  remedy: string;
}

export interface LogOptions<T> {
  path: string;
  /** The run was asked to carry on (--resume): records already in the log are kept; without it they are refused. */
  resume: boolean;
  /** The task a record answers; a record of a task already recorded is dropped on reading. */
  key: (record: T) => string;
  sync: SyncPolicy;
  /** What the records are, in messages: `results`, `fuzz runs`. */
  noun: string;
  /** Where the log is, in messages (default: its path). */
  place?: string;
  check?: PlanCheck;
}

/** Keys sorted at every level, so that equal plans always hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short hash of a plan: equal plans (whatever their key order) have equal fingerprints. */
export function fingerprintOf(plan: unknown): string {
  return createHash('sha256').update(canonical(plan)).digest('hex').slice(0, 16);
}

/** The options in which two plans differ, with their earlier values when short, e.g. `size "7x7", datasets`. */
function differences(earlier: unknown, now: unknown): string {
  if (!earlier || !now || typeof earlier !== 'object' || typeof now !== 'object') return '';
  const before = earlier as Record<string, unknown>;
  const keys = Object.keys(now).filter((k) => canonical(before[k]) !== canonical((now as Record<string, unknown>)[k]));
  return keys.map((k) => (before[k] !== null && typeof before[k] === 'object' ? k : `${k} ${JSON.stringify(before[k] ?? null)}`)).join(', ');
}

/** Refuses, or warns about, a resumed run whose plan is not the one its log was written under. */
export function checkPlan(check: PlanCheck, place: string): void {
  const { earlier } = check;
  if (!earlier) return;
  const before = earlier.fingerprint ?? (earlier.plan === undefined ? undefined : fingerprintOf(earlier.plan));
  const now = fingerprintOf(check.plan);
  if (before === undefined || before === now) return;
  const what = earlier.plan === undefined ? '' : differences(earlier.plan, check.plan);
  if (check.changed === 'refuse') throw new UsageError(`${place}: made with other options${what ? ` (${what})` : ''}; ${check.remedy}`);
  process.stderr.write(`${check.who}: warning: the plan changed since this run started (fingerprint ${before} -> ${now}${what ? `: ${what}` : ''}); runs recorded before stay as they were\n`);
}

/** Reads a log (none: empty), cutting a torn last line from the file so that appending goes on from a clean line. */
export function readLog<T>(path: string, repair = true): T[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const { values, goodBytes } = parseJsonLines<T>(text);
  if (repair && goodBytes < Buffer.byteLength(text)) truncateSync(path, goodBytes);
  return values;
}

export class RunLog<T> {
  /** The records of earlier runs, one per task, in the order they were made. */
  readonly previous: T[];
  private readonly done = new Set<string>();
  private fd: number | undefined;
  private closed = false;
  private unsynced = 0;

  constructor(private readonly options: LogOptions<T>) {
    const records = readLog<T>(options.path);
    const place = options.place ?? options.path;
    if (records.length > 0 && !options.resume) throw new UsageError(`${place} already holds ${records.length} ${options.noun}; add --resume to continue that run, or choose another --out`);
    if (records.length > 0 && options.check) checkPlan(options.check, place);
    this.previous = records.filter((r) => {
      const key = options.key(r);
      return this.done.has(key) ? false : (this.done.add(key), true);
    });
  }

  /** Whether a task's record is in the log already. */
  has(key: string): boolean {
    return this.done.has(key);
  }

  append(record: T): void {
    if (this.closed) throw new Error(`internal: ${this.options.path} appended to after close`);
    // Opened at the first record, so that a run that records nothing leaves no empty log behind.
    this.fd ??= this.open();
    writeSync(this.fd, JSON.stringify(record) + '\n');
    this.done.add(this.options.key(record));
    const { sync } = this.options;
    if (sync === 'each' || ++this.unsynced >= sync.every) {
      fsyncSync(this.fd);
      this.unsynced = 0;
    }
  }

  close(): void {
    this.closed = true;
    if (this.fd === undefined) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    const fd = openSync(this.options.path, 'a');
    // A last record written whole but without its newline must not run into the next one.
    const size = fstatSync(fd).size;
    if (size > 0) {
      const last = Buffer.alloc(1);
      const reader = openSync(this.options.path, 'r');
      readSync(reader, last, 0, 1, size - 1);
      closeSync(reader);
      if (last[0] !== 0x0a) writeSync(fd, '\n');
    }
    return fd;
  }
}
