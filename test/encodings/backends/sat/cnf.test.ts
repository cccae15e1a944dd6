// The counting constraint of the SAT encodings: on every assignment, the clauses hold exactly when the number
// of true literals is allowed, with the direct encoding up to 4 literals and the prime implicates past 4.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Cnf } from '../../../../encodings/backends/sat/cnf.ts';

const satisfied = (clauses: readonly (readonly number[])[], assignment: number) => clauses.every((c) => c.some((lit) => (lit > 0) === (((assignment >> (Math.abs(lit) - 1)) & 1) === 1)));

test('countIn holds exactly on the allowed counts, for 1 to 10 literals and every clue and vertex rule', () => {
  for (let n = 1; n <= 10; n++) {
    for (const allowed of [[0, 2], ...Array.from({ length: n + 1 }, (_, c) => [c])]) {
      const cnf = new Cnf();
      const first = cnf.newGroup('edge', n);
      cnf.countIn(Array.from({ length: n }, (_, i) => first + i), allowed);
      assert.equal(cnf.variableCount, n, 'no helper variable');
      for (let assignment = 0; assignment < 1 << n; assignment++) {
        let ones = 0;
        for (let i = 0; i < n; i++) ones += (assignment >> i) & 1;
        assert.equal(satisfied(cnf.clauses, assignment), allowed.includes(ones), `n ${n}, allowed ${allowed}, assignment ${assignment.toString(2)}`);
      }
    }
  }
});

test('past 4 literals the clauses are the prime implicates: a 12-sided face with 6 is C(12,7) + C(12,5) clauses of 7 literals', () => {
  const cnf = new Cnf();
  const first = cnf.newGroup('edge', 12);
  cnf.countIn(Array.from({ length: 12 }, (_, i) => first + i), [6]);
  assert.equal(cnf.clauses.length, 792 + 792);
  assert.ok(cnf.clauses.every((c) => c.length === 7));
  // Degree 0 or 2 at a vertex of degree 6: no three on (20), and each on needs another (6).
  const vertex = new Cnf();
  vertex.countIn(Array.from({ length: 6 }, (_, i) => vertex.newVariable()), [0, 2]);
  assert.equal(vertex.clauses.length, 20 + 6);
});
