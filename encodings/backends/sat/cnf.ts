// A CNF under construction: numbered variables (1-based, DIMACS style), clauses, and named groups of
// variables so that DIMACS comments and stats can say what each block is.
export type Literal = number;
export type Clause = readonly Literal[];

export class Cnf {
  variableCount = 0;
  readonly clauses: Clause[] = [];
  /** Named ranges of variables, in creation order: [name, first, count]. */
  readonly groups: [string, number, number][] = [];

  newVariable(): number {
    return ++this.variableCount;
  }

  /** A block of `count` fresh variables under a name; returns the first. */
  newGroup(name: string, count: number): number {
    const first = this.variableCount + 1;
    this.variableCount += count;
    if (count > 0) this.groups.push([name, first, count]);
    return first;
  }

  add(clause: Clause): void {
    this.clauses.push(clause);
  }

  /** At least one true. */
  atLeastOne(literals: readonly Literal[]): void {
    this.add(literals);
  }

  /**
   * The number of true literals lies in `allowed`. Up to 4 literals (every rule of the square grid) the direct
   * encoding, as hakerh400 writes it: every forbidden combination is one clause, at most 16. Past 4 (a face of
   * another grid with 5 to 14 edges, a vertex of degree 5 or 6) the prime implicates, with no helper variable (so
   * that a proof still speaks of edges alone): a clause holding q literals false and p true is implied when no
   * allowed count lies in q..n-p, prime when neither (q-1, p) nor (q, p-1) is. A 12-sided face's 6 is then 1,584
   * clauses of 7 literals instead of 3,172 of 12.
   */
  countIn(literals: readonly Literal[], allowed: readonly number[]): void {
    const n = literals.length;
    if (n > 16) throw new Error(`countIn takes at most 16 literals, got ${n}`);
    if (n > 4) {
      this.primeCountIn(literals, allowed);
      return;
    }
    for (let mask = 0; mask < 1 << n; mask++) {
      let ones = 0;
      for (let i = 0; i < n; i++) if (mask & (1 << i)) ones++;
      if (allowed.includes(ones)) continue;
      // Forbid exactly this assignment: some literal differs from it.
      this.add(literals.map((lit, i) => (mask & (1 << i) ? -lit : lit)));
    }
  }

  private primeCountIn(literals: readonly Literal[], allowed: readonly number[]): void {
    const n = literals.length;
    const implied = (q: number, p: number) => !allowed.some((count) => count >= q && count <= n - p);
    const prime = (q: number, p: number) => implied(q, p) && (q === 0 || !implied(q - 1, p)) && (p === 0 || !implied(q, p - 1));
    for (let q = 0; q <= n; q++) {
      for (let p = 0; q + p <= n; p++) {
        if (!prime(q, p)) continue;
        for (const falseOnes of combinations(n, q)) {
          for (const trueOnes of combinations(n, p)) {
            if (trueOnes & falseOnes) continue;
            const clause: Literal[] = [];
            for (let i = 0; i < n; i++) {
              if (falseOnes & (1 << i)) clause.push(-literals[i]);
              else if (trueOnes & (1 << i)) clause.push(literals[i]);
            }
            this.add(clause);
          }
        }
      }
    }
  }

  /** a <-> (b and c and ...) */
  defineAnd(a: Literal, operands: readonly Literal[]): void {
    for (const o of operands) this.add([-a, o]);
    this.add([a, ...operands.map((o) => -o)]);
  }

  /** a <-> (b or c or ...) */
  defineOr(a: Literal, operands: readonly Literal[]): void {
    for (const o of operands) this.add([a, -o]);
    this.add([-a, ...operands]);
  }

  /** DIMACS text with `c` comment lines first. */
  toDimacs(comments: readonly string[] = []): string {
    const lines = comments.map((c) => `c ${c}`);
    for (const [name, first, count] of this.groups) lines.push(`c group ${name} ${first}..${first + count - 1}`);
    lines.push(`p cnf ${this.variableCount} ${this.clauses.length}`);
    for (const clause of this.clauses) lines.push(`${clause.join(' ')} 0`);
    return lines.join('\n') + '\n';
  }
}

/** Every set of k of n positions, as bit masks, in increasing order (Gosper's hack). */
function* combinations(n: number, k: number): Generator<number> {
  if (k === 0) {
    yield 0;
    return;
  }
  for (let x = (1 << k) - 1; x < 1 << n; ) {
    yield x;
    const lowest = x & -x;
    const ripple = x + lowest;
    x = (((ripple ^ x) >> 2) / lowest) | ripple;
  }
}
