// A proof of sat-lazy's "unique" or "no loop" answer, in the format of docs/proof-format.md. When certifying,
// sat-lazy's CNF has no helper variables (variable e + 1 is edge e), so CaDiCaL's DRAT proof of its last run,
// the unsat one, speaks of the puzzle's edges alone: the proof lists every clause of that run's CNF with its
// reason (a degree or clue clause follows from the rules by unit propagation, a loop cut is a cycle lemma,
// the loop found is blocked), then CaDiCaL's steps, which the checker replays by unit propagation.
import type { Grid } from '../../grid.ts';
import type { Solution } from '../../solution.ts';
import type { Clause } from './cnf.ts';

export class LazyProof {
  private readonly steps: string[] = [];

  constructor(private readonly grid: Grid) {}

  /** Can this CNF be certified: are its variables the edges and nothing else? */
  static edgesOnly(grid: Grid, variableCount: number, edgeVariable: (e: number) => number): boolean {
    return variableCount === grid.edgeCount && edgeVariable(0) === 1;
  }

  /** A clause of the degree and clue CNF: it follows from the puzzle's rules. */
  rule(clause: Clause): void {
    this.steps.push(`${clause.join(' ')} 0`);
  }

  /** A clause against a loop seen beside others: all of the loop on, then this edge off the loop is off. */
  cut(clause: Clause): void {
    this.steps.push(`y ${clause.join(' ')} 0`);
  }

  /** The clause that forbids the first loop found, before looking for a second. */
  blocking(clause: Clause): void {
    this.steps.push(`b ${clause.join(' ')} 0`);
  }

  /** The proof: its claim (the loop, or none for no loop), the steps, then the engine's DRAT lines. */
  text(loop: Solution | null, drat: string): string {
    const edges: number[] = [];
    loop?.on.forEach((bit, e) => {
      if (bit) edges.push(e + 1);
    });
    const claim = loop ? `claim unique ${edges.join(' ')} 0` : 'claim unsat';
    // CaDiCaL can go on writing after the empty clause (a unit and deletions as it winds down); a refutation
    // ends there, and the checker refuses a proof that goes on.
    const lines = drat.trimEnd().split('\n');
    const empty = lines.findIndex((line) => line.trim() === '0');
    const refutation = (empty >= 0 ? lines.slice(0, empty + 1) : lines).join('\n');
    return [`p slitherlink-proof 1 ${this.grid.rows} ${this.grid.cols}`, claim, ...this.steps, 'c CaDiCaL\'s DRAT proof of the last run', refutation, ''].join('\n');
  }
}
