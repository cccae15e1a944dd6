// SAT engines behind one facade (after PySAT): add clauses, solve, read the model. An encoding never
// knows which engine runs it. `logic-solver` is MiniSat compiled to asm.js, in-process and incremental;
// the native engines (Debian cadical, minisat, cryptominisat5) read DIMACS in a child process.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clause } from './cnf.ts';
import { binaryVersion, describePackage } from '../../versions.ts';

export type SatAnswer = 'sat' | 'unsat' | 'timeout' | 'memout';

export interface SatEngine {
  readonly name: string;
  /** True when clauses added after a solve reuse the solver's learnt state. */
  readonly incremental: boolean;
  addClauses(clauses: readonly Clause[], variableCount: number): void;
  solve(timeoutMs: number): Promise<SatAnswer>;
  /** The value of a variable in the last model. */
  value(variable: number): boolean;
  /** Engine time of the last solve, in ms. */
  lastSolveMs: number;
  /** After an unsat solve of an engine made with `proof`: its DRAT proof, as text. */
  readonly lastProof?: string | null;
}

/** Engines that write a DRAT proof of an unsat answer (createEngine's `proof`). */
export const PROOF_ENGINES: readonly EngineName[] = ['cadical'];

export const ENGINE_NAMES = ['logic-solver', 'cadical', 'minisat', 'cryptominisat'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

const BINARIES: Record<Exclude<EngineName, 'logic-solver'>, string> = { cadical: 'cadical', minisat: 'minisat', cryptominisat: 'cryptominisat5' };

/** logic-solver's fixed 64 MB heap holds about this much; past it the run is a memout, not a crash. */
export const LOGIC_SOLVER_LIMITS = { variables: 200_000, clauses: 600_000 };

export function findBinary(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/usr/local/bin'])) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export function engineAvailability(name: EngineName): { available: true } | { available: false; reason: string } {
  if (name === 'logic-solver') return { available: true };
  const binary = BINARIES[name];
  return findBinary(binary) ? { available: true } : { available: false, reason: `${binary} is not installed (Debian: apt-get install ${name === 'cryptominisat' ? 'cryptominisat' : name}, or npm run setup:system)` };
}

/** The engine and its version as installed: the npm package's, or what the binary (or its Debian package) says. */
export function engineVersion(name: EngineName): string {
  if (name === 'logic-solver') return describePackage('logic-solver');
  const binary = BINARIES[name];
  const path = findBinary(binary);
  if (!path) return `${binary} (not installed)`;
  const said = binaryVersion(path, ['--version']);
  if (said && /\d/.test(said)) return `${binary} ${said.replace(/^[^\d]*/, '')}`;
  const debian = binaryVersion('dpkg-query', ['-W', '-f=${Version}', name]);
  return `${binary} ${debian ?? '(version unknown)'}`;
}

export function createEngine(name: EngineName, options: { proof?: boolean } = {}): SatEngine {
  if (options.proof && !PROOF_ENGINES.includes(name)) throw new Error(`${name} writes no DRAT proof (engines that do: ${PROOF_ENGINES.join(', ')})`);
  if (name === 'logic-solver') return new LogicSolverEngine();
  const availability = engineAvailability(name);
  if (!availability.available) throw new Error(availability.reason);
  return new DimacsEngine(name, findBinary(BINARIES[name])!, options.proof ?? false);
}

type LogicModule = {
  Solver: new () => LogicSolver;
  Clause: new (terms: number[]) => unknown;
  disablingAssertions<T>(f: () => T): T;
};
type LogicSolver = {
  getVarNum(name: string, noCreate?: boolean, internal?: boolean): number;
  _addClause(clause: unknown, extra?: unknown, useTerm?: (t: number) => void): void;
  solve(): { _assignment: boolean[] } | null;
};

/** Loads MiniSat's asm.js once, outside any timed solve. */
export function preloadLogicSolver(): void {
  createRequire(import.meta.url)('logic-solver');
}

class LogicSolverEngine implements SatEngine {
  readonly name = 'logic-solver';
  readonly incremental = true;
  lastSolveMs = 0;
  private readonly logic: LogicModule;
  private readonly solver: LogicSolver;
  private variables = 0;
  private clauseCount = 0;
  private model: boolean[] = [];
  // logic-solver numbers its own TRUE and FALSE as 1 and 2: our variable v is its v + 2.
  private static readonly OFFSET = 2;

  constructor() {
    this.logic = createRequire(import.meta.url)('logic-solver') as LogicModule;
    this.solver = new this.logic.Solver();
  }

  addClauses(clauses: readonly Clause[], variableCount: number): void {
    if (variableCount > LOGIC_SOLVER_LIMITS.variables || this.clauseCount + clauses.length > LOGIC_SOLVER_LIMITS.clauses) {
      throw new MemoutError(`${variableCount} variables and ${this.clauseCount + clauses.length} clauses exceed what logic-solver's 64 MB heap holds (about ${LOGIC_SOLVER_LIMITS.variables} / ${LOGIC_SOLVER_LIMITS.clauses}); use a native engine (--sat-engine cadical)`);
    }
    this.logic.disablingAssertions(() => {
      for (let v = this.variables + 1; v <= variableCount; v++) this.solver.getVarNum(`v${v}`);
      this.variables = Math.max(this.variables, variableCount);
      const off = LogicSolverEngine.OFFSET;
      const noop = () => {};
      for (const clause of clauses) this.solver._addClause(new this.logic.Clause(clause.map((l) => (l > 0 ? l + off : l - off))), undefined, noop);
    });
    this.clauseCount += clauses.length;
  }

  async solve(): Promise<SatAnswer> {
    const started = performance.now();
    try {
      const solution = this.logic.disablingAssertions(() => this.solver.solve());
      this.lastSolveMs = performance.now() - started;
      if (!solution) return 'unsat';
      this.model = solution._assignment;
      return 'sat';
    } catch (error) {
      this.lastSolveMs = performance.now() - started;
      if (/memory|abort|Cannot enlarge/i.test(String((error as Error).message ?? error))) return 'memout';
      throw error;
    }
  }

  value(variable: number): boolean {
    return Boolean(this.model[variable + LogicSolverEngine.OFFSET]);
  }
}

export class MemoutError extends Error {
  override name = 'MemoutError';
}

/** A native solver reading DIMACS: not incremental, so every solve starts from the whole clause set. */
class DimacsEngine implements SatEngine {
  readonly incremental = false;
  lastSolveMs = 0;
  private readonly clauses: Clause[] = [];
  private variables = 0;
  private model = new Uint8Array(0);
  lastProof: string | null = null;

  constructor(readonly name: EngineName, private readonly binary: string, private readonly proof = false) {}

  addClauses(clauses: readonly Clause[], variableCount: number): void {
    this.variables = Math.max(this.variables, variableCount);
    for (const c of clauses) this.clauses.push(c);
  }

  async solve(timeoutMs: number): Promise<SatAnswer> {
    const dir = mkdtempSync(join(tmpdir(), 'slitherbench-sat-'));
    const input = join(dir, 'in.cnf');
    const output = join(dir, 'out.txt');
    const lines = [`p cnf ${this.variables} ${this.clauses.length}`];
    for (const c of this.clauses) lines.push(`${c.join(' ')} 0`);
    writeFileSync(input, lines.join('\n') + '\n');
    // CaDiCaL writes a DRAT proof as text to its second file argument.
    const proofFile = join(dir, 'proof.drat');
    const args = this.name === 'minisat' ? ['-verb=0', input, output] : this.name === 'cadical' ? ['-q', ...(this.proof ? ['--no-binary', input, proofFile] : [input])] : ['--verb', '0', input];
    const started = performance.now();
    this.lastProof = null;
    try {
      const { code, stdout, timedOut } = await run(this.binary, args, timeoutMs);
      this.lastSolveMs = performance.now() - started;
      if (timedOut) return 'timeout';
      const text = this.name === 'minisat' ? (existsSync(output) ? readFileSync(output, 'utf8') : '') : stdout;
      if (/^s UNSATISFIABLE|^UNSAT/m.test(text) || code === 20 && !/SATISFIABLE\s*$/m.test(text)) {
        if (this.proof) this.lastProof = readFileSync(proofFile, 'utf8');
        return 'unsat';
      }
      if (!/^s SATISFIABLE|^SAT/m.test(text)) throw new Error(`${this.binary} exited with code ${code} and no answer`);
      this.model = new Uint8Array(this.variables + 1);
      const values = this.name === 'minisat' ? text.split('\n').slice(1).join(' ') : text.split('\n').filter((l) => l.startsWith('v ')).map((l) => l.slice(2)).join(' ');
      for (const token of values.split(/\s+/)) {
        const lit = Number(token);
        if (lit > 0 && lit <= this.variables) this.model[lit] = 1;
      }
      return 'sat';
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  value(variable: number): boolean {
    return this.model[variable] === 1;
  }
}

function run(binary: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, Math.max(1, timeoutMs));
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks).toString(), timedOut });
    });
  });
}
