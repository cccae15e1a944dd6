// Each lemma test of the checker, held against the truth: on random small puzzles, random lemmas of every kind
// (many of them false) are offered; every one the checker accepts must be satisfied by every solution that
// the exact oracle lists. A lemma the checker wrongly accepted would make it sound no longer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readPuzzleLines } from '../../../datasets/builtin.ts';
import { checkProof, checkStep } from '../../../encodings/certify/check.ts';
import { ClauseSet } from '../../../encodings/certify/clauses.ts';
import { baseClauses, baseClauseSet, CUT_MAX_VERTICES, primeImplicates, WINDOW_MAX_EDGES } from '../../../encodings/certify/lemmas.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { gridOf, makePuzzle, type Clue, type Grid, type Puzzle } from '../../../encodings/grid.ts';
import { solveExactly } from '../../../encodings/oracle.ts';

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'y' | 'x' | 'x-blocks' | 'w' | 'learnt';

/** A random lemma line of a kind, often false: a cycle, a cut or a window with literals taken out or added. */
function randomLemma(kind: Exclude<Kind, 'x-blocks'>, grid: Grid, cycles: readonly Uint8Array[], rand: () => number): { line: string; literals: number[]; label: Kind } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const edge = () => Math.floor(rand() * grid.edgeCount);
  const literal = (e: number, on: boolean) => (on ? e + 1 : -(e + 1));
  const extras = () => Array.from({ length: Math.floor(rand() * 3) }, () => literal(edge(), rand() < 0.5));
  let literals: number[];
  let tail = '';
  if (kind === 'y') {
    const on = pick(cycles);
    const cycleEdges = [...on.keys()].filter((e) => on[e]);
    const kept = rand() < 0.2 ? cycleEdges.slice(1) : cycleEdges;
    literals = [...kept.map((e) => literal(e, false)), ...extras()];
  } else if (kind === 'x') {
    // A connected vertex set grown from a random vertex; maybe a hinge beside it.
    const inside = new Set([Math.floor(rand() * grid.vertexCount)]);
    const size = 1 + Math.floor(rand() * (grid.vertexCount / 2));
    while (inside.size < size) {
      const v = pick([...inside]);
      const e = pick(grid.edgesAtVertex(v));
      const [a, b] = grid.verticesOfEdge(e);
      inside.add(a === v ? b : a);
    }
    const near = [...inside].flatMap((v) => grid.edgesAtVertex(v).flatMap((e) => grid.verticesOfEdge(e))).filter((v) => !inside.has(v));
    const hinge = rand() < 0.4 && near.length > 0 ? pick(near) : null;
    const crossing = [...inside].flatMap((v) => grid.edgesAtVertex(v).filter((e) => grid.verticesOfEdge(e).some((w) => !inside.has(w) && w !== hinge)));
    const dropped = Math.floor(rand() * 3);
    literals = [...crossing.slice(dropped).map((e) => literal(e, true)), literal(edge(), false), literal(edge(), false), ...extras()];
    // A third of them without the set: then the checker looks at the blocks of the grid without the +e edges.
    tail = rand() < 0.33 ? '' : ` ${[...inside].map((v) => v + 1).join(' ')} 0${hinge === null ? '' : ` ${hinge + 1}`}`;
  } else {
    // Two or three edges of one cell or vertex, with random signs.
    const cell = Math.floor(rand() * grid.cellCount);
    const edges = [...grid.edgesOfCell(cell)].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 3));
    literals = edges.map((e) => literal(e, rand() < 0.5));
  }
  const prefix = kind === 'learnt' ? '' : `${kind} `;
  return { line: `${prefix}${literals.join(' ')} 0${tail}`, literals, label: kind === 'x' && tail === '' ? 'x-blocks' : kind };
}

test('every lemma and learnt clause the checker accepts on random small puzzles is satisfied by every solution', () => {
  const rand = random(20261126);
  const accepted: Record<Kind, number> = { y: 0, x: 0, 'x-blocks': 0, w: 0, learnt: 0 };
  const rejected: Record<Kind, number> = { y: 0, x: 0, 'x-blocks': 0, w: 0, learnt: 0 };
  for (const [rows, cols] of [[2, 2], [2, 3], [3, 3]]) {
    const grid = gridOf({ rows, cols });
    const cycles = solveExactly(makePuzzle(rows, cols, new Array(rows * cols).fill(null)), 100_000).solutions.map((s) => s.on);
    for (let round = 0; round < 40; round++) {
      const clues: Clue[] = Array.from({ length: rows * cols }, () => (rand() < 0.35 ? (Math.floor(rand() * 4) as Clue) : null));
      const puzzle: Puzzle = makePuzzle(rows, cols, clues);
      const solutions = solveExactly(puzzle, 100_000).solutions.map((s) => s.on);
      for (const kind of ['y', 'x', 'w', 'learnt'] as const) {
        for (let k = 0; k < 6; k++) {
          const { line, literals, label } = randomLemma(kind, grid, cycles, rand);
          if (checkStep(puzzle, line) !== null) {
            rejected[label]++;
            continue;
          }
          accepted[label]++;
          for (const on of solutions) {
            const satisfied = literals.some((x) => (x > 0 ? on[x - 1] === 1 : on[-x - 1] === 0));
            assert.ok(satisfied, `${rows}x${cols} clues ${JSON.stringify(clues)}: '${line}' was accepted but a solution falsifies it`);
          }
        }
      }
    }
  }
  // Both outcomes occur often for every kind, so that the test has teeth.
  for (const kind of ['y', 'x', 'x-blocks', 'w', 'learnt'] as const) {
    assert.ok(accepted[kind] >= 20 && rejected[kind] >= 20, `${kind}: ${accepted[kind]} accepted, ${rejected[kind]} rejected`);
  }
});

test('the base clauses say exactly the rules: an assignment of a small grid satisfies them all if and only if it meets every rule', () => {
  for (const clues of [[null, null], [0, 3], [1, 2], [3, 3], [4, null], ['?', 2]] as Clue[][]) {
    const puzzle = makePuzzle(1, 2, clues);
    const grid = gridOf(puzzle);
    const clauses = baseClauses(puzzle);
    for (let mask = 0; mask < 1 << grid.edgeCount; mask++) {
      const on = (e: number) => (mask >> e) & 1;
      const satisfied = clauses.every((clause) => clause.some((literal) => on(literal >> 1) === (literal & 1 ? 0 : 1)));
      const degreesOk = Array.from({ length: grid.vertexCount }, (_, v) => grid.edgesAtVertex(v).reduce((n, e) => n + on(e), 0)).every((d) => d === 0 || d === 2);
      const cluesOk = clues.every((clue, cell) => typeof clue !== 'number' || grid.edgesOfCell(cell).reduce((n, e) => n + on(e), 0) === clue);
      assert.equal(satisfied, degreesOk && cluesOk && mask !== 0, `clues ${JSON.stringify(clues)}, edges on ${mask.toString(2)}`);
    }
  }
});

/** A puzzle from rows of clue characters ('.' for none). */
const puzzleOf = (...rows: string[]): Puzzle => makePuzzle(rows.length, rows[0].length, [...rows.join('')].map((ch) => (ch === '.' ? null : Number(ch))) as Clue[]);
/** How many edges the window of a clause over these edges has: those of the rules at their ends and of the clues beside them. */
function windowSize(puzzle: Puzzle, edges: number[]): number {
  const grid = gridOf(puzzle);
  const window = new Set(edges.flatMap((e) => grid.verticesOfEdge(e).flatMap((v) => grid.edgesAtVertex(v))));
  for (const cell of edges.flatMap((e) => grid.cellsBesideEdge(e))) if (typeof puzzle.clues[cell] === 'number') for (const e of grid.edgesOfCell(cell)) window.add(e);
  return window.size;
}

test('window lemmas: the solvers\' corner rules fit the bound, ten lemmas at the bound are judged, one past it is refused', () => {
  assert.equal(WINDOW_MAX_EDGES, 16);
  // cdcl-loop's widest window lemma: a 1's two opposite sides, between two clued cells (14 edges).
  const ones = puzzleOf('11111', '11111', '11111', '11111', '11111');
  const g = gridOf(ones);
  assert.equal(windowSize(ones, [g.horizontalEdge(2, 2), g.horizontalEdge(3, 2)]), 14);
  assert.equal(checkStep(ones, `w -${g.horizontalEdge(2, 2) + 1} -${g.horizontalEdge(3, 2) + 1} 0`), null);
  // Three edges whose window has exactly 16 edges, the costliest such lemma a search over clauses and clues of
  // 7x7 puzzles found (the checker's search takes the most steps on it); ten lines of it.
  const costly = puzzleOf('.10.2.1', '1221313', '20.2.0.', '3.3223.', '02.212.', '.320032', '.0..311');
  const lemma = 'w 77 83 -24 0';
  assert.equal(windowSize(costly, [76, 82, 23]), 16);
  for (let k = 0; k < 10; k++) assert.equal(checkStep(costly, lemma), null);
  // One edge more (a vertical edge at its last vertex) takes the window past the bound.
  const below = gridOf(costly).verticalEdge(3, 6);
  const pastSize = windowSize(costly, [76, 82, 23, below]);
  assert.ok(pastSize > 16);
  const past = checkStep(costly, lemma.replace(' 0', ` ${below + 1} 0`));
  assert.equal(past, `its window (the edges of the rules at its edges' ends and of the clues beside them) has ${pastSize} edges; a window lemma may have at most 16, so that checking it tries at most 2^16 assignments`);
  // A window of 17 edges that is not a lemma at all is refused for its size too, not searched.
  const twos = puzzleOf('2222222', '2222222', '2222222', '2222222', '2222222', '2222222', '2222222');
  const t = gridOf(twos);
  assert.equal(windowSize(twos, [t.horizontalEdge(3, 3), t.horizontalEdge(3, 5)]), 17);
  const wide = checkStep(twos, `w -${t.horizontalEdge(3, 3) + 1} -${t.horizontalEdge(3, 5) + 1} 0`);
  assert.match(wide ?? 'accepted', /has 17 edges; a window lemma may have at most 16/);
});

test('cut lemmas without a vertex set are searched within a bounded piece of the grid: 200 lines on a blank 500x500 grid are all judged', () => {
  assert.equal(CUT_MAX_VERTICES, 4096);
  const blank = makePuzzle(500, 500, new Array(500 * 500).fill(null));
  const g = gridOf(blank);
  // Two edges far apart, nothing cut: the whole grid is one piece, past the bound, so each line is refused
  // for its size after a search of 4,096 vertices (it is no lemma either: a loop can hold both edges).
  const lines: string[] = [];
  for (let k = 0; k < 200; k++) {
    const line = `x -${g.horizontalEdge(100 + k, 100) + 1} -${g.horizontalEdge(300, 100 + k) + 1} 0`;
    assert.match(checkStep(blank, line) ?? 'accepted', /leaves more than 4096 vertices joined to its off edge \d+: a cut lemma without a vertex set is checked within 4096 vertices; past that, the line must name its vertex set/);
    lines.push(line);
  }
  // As a proof: the base of the 500x500 grid built, the lines read and propagated, and the proof judged (the
  // empty clause does not follow from them, so none of them is needed).
  const judged = checkProof(blank, ['p slitherlink-proof 1 500 500', 'claim unsat', ...lines, '0'].join('\n'));
  assert.deepEqual(judged, { verified: false, line: 203, kind: 'empty clause', reason: 'it does not follow by unit propagation from the clauses so far' });
  // Within the bound: the 16 vertices (10..13, 10..13) cut off by their 16 edges to the rest, one edge inside
  // and one far away: in different pieces, so no loop holds both. Two edges inside lie in one block: refused.
  const inside = (r: number, c: number) => r >= 10 && r <= 13 && c >= 10 && c <= 13;
  const leaving: number[] = [];
  for (let e = 0; e < g.edgeCount; e++) {
    const [a, b] = g.verticesOfEdge(e).map((v) => [Math.floor(v / 501), v % 501]);
    if (inside(a[0], a[1]) !== inside(b[0], b[1])) leaving.push(e + 1);
  }
  assert.equal(leaving.length, 16);
  assert.equal(checkStep(blank, `x -${g.horizontalEdge(10, 10) + 1} -${g.horizontalEdge(0, 0) + 1} ${leaving.join(' ')} 0`), null);
  assert.match(checkStep(blank, `x -${g.horizontalEdge(10, 10) + 1} -${g.horizontalEdge(13, 12) + 1} ${leaving.join(' ')} 0`) ?? 'accepted', /lie in one block/);
});

/** The prime implicates by brute force: every clause over n variables, implied by every model, with no implied clause one literal shorter. */
function primeImplicatesByBruteForce(n: number, allowed: readonly number[]): [number, boolean][][] {
  const ones = (mask: number) => [...Array(n).keys()].filter((p) => mask & (1 << p)).length;
  const models: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) if (allowed.includes(ones(mask))) models.push(mask);
  // A clause is a pair of masks: the positions it holds, and which of them it holds as "on".
  const implied = (held: number, on: number) => models.every((m) => (m & held & on) !== 0 || (~m & held & ~on) !== 0);
  const out: [number, boolean][][] = [];
  for (let held = 0; held < 1 << n; held++) {
    for (let on = held; ; on = (on - 1) & held) {
      let prime = implied(held, on);
      for (let p = 0; prime && p < n; p++) if (held & (1 << p) && implied(held & ~(1 << p), on & ~(1 << p))) prime = false;
      if (prime) out.push([...Array(n).keys()].filter((p) => held & (1 << p)).map((p) => [p, (on & (1 << p)) !== 0]));
      if (on === 0) break;
    }
  }
  return out;
}

const binomial = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 ? 1 : (binomial(n - 1, k - 1) * n) / k);

test('the prime implicates of a count rule, from counting, are those of brute force, and a 12-edge face has the right number', () => {
  const canonical = (clauses: [number, boolean][][]) => clauses.map((c) => c.map(([p, on]) => (on ? `+${p}` : `-${p}`)).join(' ')).sort();
  for (let n = 1; n <= 12; n++) {
    // A vertex (0 or 2 of its edges on), and each clue from 0 to n.
    for (const allowed of [[0, 2], ...Array.from({ length: n + 1 }, (_, c) => [c])]) {
      const clauses = primeImplicates(n, allowed);
      for (const clause of clauses) assert.ok(clause.every(([p], i) => i === 0 || clause[i - 1][0] < p), `positions in order: ${canonical([clause])}`);
      if (n <= 6) assert.deepEqual(canonical(clauses), canonical(primeImplicatesByBruteForce(n, allowed)), `n=${n}, allowed ${allowed}`);
      if (n === 12 && allowed.length === 1) {
        // Exactly c: "not all of these c + 1 on" and "one of these n - c + 1 on".
        const c = allowed[0];
        assert.equal(clauses.length, binomial(12, c + 1) + binomial(12, c - 1), `clue ${c}`);
      }
    }
  }
  // A count no assignment reaches: the empty clause alone.
  assert.deepEqual(primeImplicates(3, [5]), [[]]);
  assert.deepEqual(primeImplicatesByBruteForce(3, [5]), [[]]);
});

test('counting rules decide by unit propagation exactly what their prime implicates decide, and find the same conflicts', () => {
  const rand = random(47);
  for (let trial = 0; trial < 3000; trial++) {
    // Two or three rules over a few shared edges, so that what one decides reaches the next.
    const edgeCount = 2 + Math.floor(rand() * 7);
    const rules = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => {
      const edges = [...Array(edgeCount).keys()].filter(() => rand() < 0.6);
      if (edges.length === 0) edges.push(0);
      const n = edges.length;
      // A vertex (0 or 2), a clue, or any set of counts, some past n (none possible).
      const pick = rand();
      const allowed = pick < 0.3 ? [0, 2] : pick < 0.7 ? [Math.floor(rand() * (n + 2))] : [...Array(n + 2).keys()].filter(() => rand() < 0.5);
      return { edges, allowed };
    });
    const what = JSON.stringify(rules);
    const byClauses = new ClauseSet(edgeCount);
    for (const { edges, allowed } of rules) for (const clause of primeImplicates(edges.length, allowed)) byClauses.add(clause.map(([p, on]) => 2 * edges[p] + (on ? 0 : 1)));
    const byRules = new ClauseSet(edgeCount);
    const start = [0];
    for (const { edges } of rules) start.push(start[start.length - 1] + edges.length);
    byRules.setRules(Int32Array.from(rules.flatMap((r) => r.edges)), Int32Array.from(start), Int32Array.from(rules.map((r) => r.allowed.reduce((bits, c) => bits | (1 << c), 0))));
    assert.equal(byRules.contradictory, byClauses.contradictory, `${what}: contradictory from the start`);
    if (byRules.contradictory) continue;
    // A random partial assignment (its literals false in the clause asked about), then each other literal with it.
    const assigned = [...Array(edgeCount).keys()].filter(() => rand() < 0.4).map((p) => 2 * p + (rand() < 0.5 ? 0 : 1));
    const asked = [assigned.map((l) => l ^ 1)];
    for (let p = 0; p < edgeCount; p++) if (!assigned.some((l) => l >> 1 === p)) asked.push([...asked[0], 2 * p], [...asked[0], 2 * p + 1]);
    for (const clause of asked) assert.equal(byRules.followsByUnitPropagation(clause), byClauses.followsByUnitPropagation(clause), `${what}, clause ${clause}`);
  }
});

test("the base on Loopy's grids (each edge's rules read from the grid's tables) propagates as its prime implicates do", () => {
  const rand = random(4747);
  // A puzzle of each kind of face and vertex: squares, triangles, hexagons, dodecagons, kites, Penrose rhombs.
  const sets = ['loopy-7x7-hard', 'loopy-triangular-10x10-hard', 'loopy-kagome-10x10-hard', 'loopy-greathexagonal-10x10-hard', 'loopy-dodecagonal-10x10-hard', 'loopy-floret-10x10-hard', 'loopy-penrose_p3_thick-10x10-hard'];
  for (const set of sets) {
    const [first] = readPuzzleLines(readFileSync(new URL(`../../../datasets/${set}/puzzles.txt`, import.meta.url), 'utf8'));
    const puzzle = parsePuzzle(first.puzzle, first.id).puzzle;
    const byRules = baseClauseSet(puzzle);
    const byClauses = new ClauseSet(byRules.edgeCount);
    for (const clause of baseClauses(puzzle)) byClauses.add(clause);
    assert.equal(byRules.contradictory, byClauses.contradictory, `${set}: contradictory from the start`);
    // Clauses of edges near one another (a vertex's, and its neighbours'), so that what one rule decides reaches the next.
    const { edgeCount } = byRules;
    for (let trial = 0; trial < 300; trial++) {
      const around = Math.floor(rand() * edgeCount);
      const clause = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => 2 * Math.min(edgeCount - 1, Math.max(0, around + Math.floor(rand() * 9) - 4)) + (rand() < 0.5 ? 0 : 1));
      assert.equal(byRules.followsByUnitPropagation(clause), byClauses.followsByUnitPropagation(clause), `${set}, clause ${clause}`);
    }
  }
});
