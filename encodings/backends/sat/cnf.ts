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
   * The direct encoding (as hakerh400 writes it): the number of true literals among at most ~6 lies in `allowed`; every
   * forbidden combination is one clause. Clue and vertex constraints have 2-4 literals, so at most 16 clauses.
   */
  countIn(literals: readonly Literal[], allowed: readonly number[]): void {
    const n = literals.length;
    if (n > 12) throw new Error(`countIn takes at most 12 literals, got ${n}`);
    for (let mask = 0; mask < 1 << n; mask++) {
      let ones = 0;
      for (let i = 0; i < n; i++) if (mask & (1 << i)) ones++;
      if (allowed.includes(ones)) continue;
      // Forbid exactly this assignment: some literal differs from it.
      this.add(literals.map((lit, i) => (mask & (1 << i) ? -lit : lit)));
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
