// The puzzle's rules as clauses, and the test of each lemma kind. Each test is on the puzzle itself; the
// reasons they are enough (every solution satisfies an accepted lemma) are argued in check.ts.
// Literals: 2e for edge e on, 2e + 1 for off (clauses.ts). A test returns null when the lemma holds, else why not.
import { flatGridOf, type FlatGrid, type Puzzle, type Shape } from '../grid.ts';
import { ClauseSet, offLiteral, onLiteral } from './clauses.ts';

/**
 * The grid as the checker reads it: each list made from the flat tables when asked for (a line's worth), as
 * the lists of a 500x500 grid kept as objects would take hundreds of megabytes. Orders are the tables'.
 */
interface Adjacency {
  readonly flat: FlatGrid;
  /** Scratch marks per edge and per vertex, for a search over a line's edges: a mark is current when it equals the stamp of the search. */
  readonly scratch: Scratch;
  readonly edgeCount: number;
  readonly vertexCount: number;
  readonly faceCount: number;
  edgesAtVertex(vertex: number): number[];
  verticesOfEdge(edge: number): [number, number];
  facesBesideEdge(edge: number): number[];
  edgesOfFace(face: number): number[];
}

/**
 * Marks for a search over a line's edges: a mark is current when it equals the stamp of the search, so a new
 * stamp clears them all at once and a line costs what it is long, not what the grid is large.
 */
interface Scratch {
  stamp: number;
  readonly edge: Int32Array;
  readonly vertex: Int32Array;
  readonly degree: Int32Array;
  /** Per edge: the stamp of the cycle being tested when the edge is on it. */
  readonly onCycle: Int32Array;
  /** Per edge: the stamps of the clause being tested when it holds the edge as on (+e) and as off (-e). */
  readonly clauseOn: Int32Array;
  readonly clauseOff: Int32Array;
  /** Per face: the stamp of the search once the face is counted. */
  readonly face: Int32Array;
  /** Per edge: its place in a window lemma's list of edges, where `edge` holds the window's stamp. */
  readonly place: Int32Array;
  /** Room for a list of vertices, each at most once (a search's stack), and one of edges. */
  readonly vertices: Int32Array;
  readonly edges: Int32Array;
}

const adjacencies = new WeakMap<FlatGrid, Adjacency>();
/** Each puzzle's (or shape's) adjacency, found by the object itself: the lemma tests ask for it once a line, and finding the grid by its size or tiling builds a key each time. */
const adjacencyByShape = new WeakMap<Shape, Adjacency>();

export function adjacencyOf(shape: Shape): Adjacency {
  const known = adjacencyByShape.get(shape);
  if (known) return known;
  const flat = flatGridOf(shape);
  let adjacency = adjacencies.get(flat);
  if (!adjacency) {
    const { vertexEdges, vertexSlots, cellEdges, cellSlots, edgeEnds, edgeCells } = flat;
    const slots = (table: Int32Array, k: number, n: number): number[] => {
      const out: number[] = [];
      for (let i = k * n; i < k * n + n; i++) if (table[i] >= 0) out.push(table[i]);
      return out;
    };
    adjacency = {
      flat,
      scratch: {
        stamp: 0,
        edge: new Int32Array(flat.edgeCount),
        vertex: new Int32Array(flat.vertexCount),
        degree: new Int32Array(flat.vertexCount),
        onCycle: new Int32Array(flat.edgeCount),
        clauseOn: new Int32Array(flat.edgeCount),
        clauseOff: new Int32Array(flat.edgeCount),
        face: new Int32Array(flat.cellCount),
        place: new Int32Array(flat.edgeCount),
        vertices: new Int32Array(flat.vertexCount),
        edges: new Int32Array(flat.edgeCount),
      },
      edgeCount: flat.edgeCount,
      vertexCount: flat.vertexCount,
      faceCount: flat.cellCount,
      edgesAtVertex: (vertex) => slots(vertexEdges, vertex, vertexSlots),
      verticesOfEdge: (edge) => [edgeEnds[2 * edge], edgeEnds[2 * edge + 1]],
      facesBesideEdge: (edge) => slots(edgeCells, edge, 2),
      edgesOfFace: (face) => slots(cellEdges, face, cellSlots),
    };
    adjacencies.set(flat, adjacency);
  }
  adjacencyByShape.set(shape, adjacency);
  return adjacency;
}

/** The numbers of a vertex's edges that may be on. */
const VERTEX_ALLOWED = [0, 2];

/** The line counts a rule allows, as bits: a vertex's (0 or 2), and a face's with this clue (none past 30). */
export const VERTEX_COUNTS = VERTEX_ALLOWED.reduce((bits, count) => bits | (1 << count), 0);
export const clueCounts = (clue: number): number => (clue >= 0 && clue <= 30 ? 1 << clue : 0);

/**
 * The base, clause by clause: for every rule (degree 0 or 2 at each vertex, each clue's count), every clause
 * over its edges that the rule implies and that has no shorter implied clause inside it (its prime
 * implicates), so that unit propagation finds all that one rule decides; and the clause of all edges (at least
 * one is on). Each clause is handed to `add` as the first `length` literals of a buffer that is then reused:
 * a 500x500 grid's base is 2 million clauses, made straight into the clause store, with no array each.
 */
export function forEachBaseClause(puzzle: Puzzle, add: (literals: Int32Array, length: number) => void): void {
  const flat = flatGridOf(puzzle);
  const buffer = new Int32Array(Math.max(flat.vertexSlots, flat.cellSlots));
  const edges = new Int32Array(buffer.length);
  const rule = (table: Int32Array, k: number, slots: number, allowed: readonly number[]) => {
    let n = 0;
    for (let i = k * slots; i < k * slots + slots; i++) if (table[i] >= 0) edges[n++] = table[i];
    for (const pattern of primeImplicates(n, allowed)) {
      for (let i = 0; i < pattern.length; i++) buffer[i] = pattern[i][1] ? onLiteral(edges[pattern[i][0]]) : offLiteral(edges[pattern[i][0]]);
      add(buffer, pattern.length);
    }
  };
  for (let v = 0; v < flat.vertexCount; v++) rule(flat.vertexEdges, v, flat.vertexSlots, VERTEX_ALLOWED);
  for (let cell = 0; cell < flat.cellCount; cell++) {
    const clue = puzzle.clues[cell];
    if (typeof clue === 'number') rule(flat.cellEdges, cell, flat.cellSlots, [clue]);
  }
  const all = new Int32Array(flat.edgeCount);
  for (let e = 0; e < flat.edgeCount; e++) all[e] = onLiteral(e);
  add(all, all.length);
}

/**
 * What the base takes from the grid alone, the same for every puzzle on it: the vertices' rules (each vertex's
 * edges, one after another, and where each starts), each edge's two ends in increasing order, and the clause
 * of all edges. Made once per grid, as its flat tables are.
 */
interface BaseTemplate {
  readonly vertexRuleEdges: Int32Array;
  readonly vertexRuleStart: Int32Array;
  readonly endsInOrder: Int32Array;
  readonly allEdgesOn: Int32Array;
}

const baseTemplates = new WeakMap<FlatGrid, BaseTemplate>();

function baseTemplateOf(flat: FlatGrid): BaseTemplate {
  const known = baseTemplates.get(flat);
  if (known) return known;
  const { vertexCount, edgeCount, vertexEdges, vertexSlots, edgeEnds } = flat;
  const vertexRuleEdges = new Int32Array(vertexCount * vertexSlots);
  const vertexRuleStart = new Int32Array(vertexCount + 1);
  let top = 0;
  for (let v = 0; v < vertexCount; v++) {
    for (let i = v * vertexSlots; i < v * vertexSlots + vertexSlots; i++) if (vertexEdges[i] >= 0) vertexRuleEdges[top++] = vertexEdges[i];
    vertexRuleStart[v + 1] = top;
  }
  const endsInOrder = new Int32Array(2 * edgeCount);
  const allEdgesOn = new Int32Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    const a = edgeEnds[2 * e];
    const b = edgeEnds[2 * e + 1];
    endsInOrder[2 * e] = a < b ? a : b;
    endsInOrder[2 * e + 1] = a < b ? b : a;
    allEdgesOn[e] = onLiteral(e);
  }
  const template = { vertexRuleEdges: vertexRuleEdges.subarray(0, top), vertexRuleStart, endsInOrder, allEdgesOn };
  baseTemplates.set(flat, template);
  return template;
}

/**
 * The base as the checker propagates it: each rule (degree 0 or 2 at each vertex, each clue's count) as a
 * counting rule, which decides by unit propagation what its prime implicates (forEachBaseClause) would, and
 * the clause of all edges. Made from the flat tables in time and memory linear in the grid.
 */
export function baseClauseSet(puzzle: Puzzle, expected?: { clauses: number; literals: number }): ClauseSet {
  const flat = flatGridOf(puzzle);
  const { vertexCount, cellCount, edgeCount, cellEdges, cellSlots, edgeCells } = flat;
  const template = baseTemplateOf(flat);
  const clues = puzzle.clues;
  let clued = 0;
  for (let cell = 0; cell < cellCount; cell++) if (typeof clues[cell] === 'number') clued++;
  // Rule k: vertex k for k below vertexCount, then the clued faces in order (clueRule[face], -1 for no clue).
  const rules = vertexCount + clued;
  const vertexTop = template.vertexRuleEdges.length;
  const most = vertexTop + clued * cellSlots;
  // The tables in one buffer: each allocation of its own costs more than filling most of them.
  const buffer = new ArrayBuffer(4 * (cellCount + 2 * (rules + 1) + 2 * most + edgeCount + 1));
  let place = 0;
  const ints = (length: number): Int32Array => {
    const table = new Int32Array(buffer, place, length);
    place += 4 * length;
    return table;
  };
  const clueRule = ints(cellCount);
  const start = ints(rules + 1);
  const allowed = ints(rules + 1);
  const edges = ints(most);
  const byEdge = { rules: ints(most), start: ints(edgeCount + 1) };
  start.set(template.vertexRuleStart);
  edges.set(template.vertexRuleEdges);
  allowed.fill(VERTEX_COUNTS, 0, vertexCount);
  let r = vertexCount;
  let top = vertexTop;
  for (let cell = 0; cell < cellCount; cell++) {
    const clue = clues[cell];
    if (typeof clue !== 'number') {
      clueRule[cell] = -1;
      continue;
    }
    clueRule[cell] = r;
    for (let i = cell * cellSlots; i < cell * cellSlots + cellSlots; i++) if (cellEdges[i] >= 0) edges[top++] = cellEdges[i];
    allowed[r++] = clueCounts(clue);
    start[r] = top;
  }
  // Each edge's rules in increasing order, from its two ends and the faces beside it (at most two of each).
  const endsInOrder = template.endsInOrder;
  const byRules = byEdge.rules;
  const byStart = byEdge.start;
  let at = 0;
  for (let e = 0; e < edgeCount; e++) {
    byRules[at++] = endsInOrder[2 * e];
    byRules[at++] = endsInOrder[2 * e + 1];
    const f = edgeCells[2 * e] >= 0 ? clueRule[edgeCells[2 * e]] : -1;
    const g = edgeCells[2 * e + 1] >= 0 ? clueRule[edgeCells[2 * e + 1]] : -1;
    if (f >= 0 && (g < 0 || f < g)) byRules[at++] = f;
    if (g >= 0) byRules[at++] = g;
    if (f >= 0 && g >= 0 && f > g) byRules[at++] = f;
    byStart[e + 1] = at;
  }
  const clauses = new ClauseSet(edgeCount, expected);
  // A grid whose tables disagree on an edge's rules (none does) gets them counted from the rules instead.
  clauses.setRules(edges.subarray(0, top), start, allowed.subarray(0, rules), at === top ? byEdge : undefined);
  clauses.add(template.allEdgesOn);
  return clauses;
}

/** The base as arrays of literals (forEachBaseClause's clauses, each copied). */
export function baseClauses(puzzle: Puzzle): number[][] {
  const out: number[][] = [];
  forEachBaseClause(puzzle, (literals, length) => out.push(Array.from(literals.subarray(0, length))));
  return out;
}

const implicateCache = new Map<string, [number, boolean][][]>();

/**
 * The prime implicates of "the number of n variables on is one of allowed", as [position, on] literals, from
 * counting. A clause holding q variables as off and p as on is falsified exactly by the assignments with those
 * q on and those p off, whose counts run from q to n - p: it is implied when no allowed count lies in q..n-p,
 * and prime when dropping a literal, (q - 1, p) or (q, p - 1), leaves a clause that is not. That depends on q
 * and p only, so every clause of such a pair is one, and only those are walked (a 12-sided face's clue has at
 * most 1,584, among 3^12 = 531,441 candidate clauses).
 */
export function primeImplicates(n: number, allowed: readonly number[]): [number, boolean][][] {
  const cacheKey = `${n}:${allowed.join(',')}`;
  const cached = implicateCache.get(cacheKey);
  if (cached) return cached;
  const implied = (q: number, p: number) => q >= 0 && p >= 0 && !allowed.some((count) => q <= count && count <= n - p);
  const out: [number, boolean][][] = [];
  const clause: [number, boolean][] = [];
  // Every way to hold `off` more positions as off and `on` more as on, from `position` up, in increasing order.
  const walk = (position: number, off: number, on: number): void => {
    if (off === 0 && on === 0) {
      out.push([...clause]);
      return;
    }
    if (n - position < off + on) return;
    for (const [isOn, left] of [[false, off], [true, on]] as const) {
      if (left === 0) continue;
      clause.push([position, isOn]);
      walk(position + 1, isOn ? off : off - 1, isOn ? on - 1 : on);
      clause.pop();
    }
    walk(position + 1, off, on);
  };
  for (let q = 0; q <= n; q++) {
    for (let p = 0; q + p <= n; p++) if (implied(q, p) && !implied(q - 1, p) && !implied(q, p - 1)) walk(0, q, p);
  }
  implicateCache.set(cacheKey, out);
  return out;
}

/** A clause split into the edges it holds on (+e) and off (-e). */
export interface EdgeClause {
  readonly on: ReadonlySet<number>;
  readonly off: ReadonlySet<number>;
}

export function edgeClause(literals: ArrayLike<number>): EdgeClause {
  const on = new Set<number>();
  const off = new Set<number>();
  for (let k = 0; k < literals.length; k++) (literals[k] & 1 ? off : on).add(literals[k] >> 1);
  return { on, off };
}

/**
 * Blocking clause of loop L (its edges, and per edge whether it is on L): every other loop satisfies it when it
 * holds -e for all e on L, or +e for all e off L. Literals as clauses.ts codes them.
 */
export function blockingProblem(puzzle: Puzzle, literals: ArrayLike<number>, loop: { readonly edges: readonly number[]; readonly on: Uint8Array }): string | null {
  const grid = adjacencyOf(puzzle);
  const marks = grid.scratch;
  const stamp = ++marks.stamp;
  let offL = 0;
  let onOffL = 0;
  for (let k = 0; k < literals.length; k++) {
    const e = literals[k] >> 1;
    if (literals[k] & 1) {
      if (loop.on[e] && marks.clauseOff[e] !== stamp) offL++;
      marks.clauseOff[e] = stamp;
    } else {
      if (!loop.on[e] && marks.clauseOn[e] !== stamp) onOffL++;
      marks.clauseOn[e] = stamp;
    }
  }
  if (offL === loop.edges.length) return null;
  // Every edge off L as +e: the line is as long as the grid, and only then is the grid walked.
  const offCount = grid.edgeCount - loop.edges.length;
  if (onOffL < offCount) {
    let missing = -1;
    if (onOffL >= offCount - 1) for (let e = 0; e < grid.edgeCount && missing < 0; e++) if (!loop.on[e] && marks.clauseOn[e] !== stamp) missing = e;
    const what = missing >= 0 ? `+${missing + 1} is missing` : `it holds ${onOffL} edges off the loop as +e, ${offCount} are off the loop`;
    return `it holds neither -e for every edge of the claimed loop nor +e for every edge off it (${what})`;
  }
  return null;
}

/**
 * The most edges a window lemma's window may have; past it the lemma is refused. The search tries each on/off
 * assignment of the window's edges at most once, so a line costs at most 2^16 of them (docs/proof-format.md
 * gives the time). The solvers' window lemmas, cdcl-loop's corner rules (one edge of a 0 or 4 clue, two edges
 * of a 1 or 3 clue), have windows of at most 14 edges.
 */
export const WINDOW_MAX_EDGES = 16;

/**
 * Window lemma: no assignment of the edges of the rules near the clause (degree at every end of its edges, the
 * clue of every cell beside them) meets those rules and falsifies the clause.
 */
export function windowProblem(puzzle: Puzzle, clause: EdgeClause): string | null {
  const { flat, scratch } = adjacencyOf(puzzle);
  const { edgeEnds, edgeCells, vertexEdges, vertexSlots, cellEdges, cellSlots } = flat;
  const clauseEdges = [...new Set([...clause.on, ...clause.off])];
  if (clauseEdges.some((e) => clause.on.has(e) && clause.off.has(e))) return null; // holds e and -e
  // The window's rules, each as the places of its edges in `scope` (the window's edges, in the order first met)
  // and its allowed counts as bits: the degree rule at each end of the clause's edges, then each clue beside them.
  const stamp = ++scratch.stamp;
  const scope: number[] = [];
  const ruleEdges: number[][] = [];
  const ruleAllowed: number[] = [];
  const addRule = (table: Int32Array, k: number, slots: number, allowed: number) => {
    const places: number[] = [];
    for (let i = k * slots; i < k * slots + slots; i++) {
      const e = table[i];
      if (e < 0) continue;
      if (scratch.edge[e] !== stamp) {
        scratch.edge[e] = stamp;
        scratch.place[e] = scope.length;
        scope.push(e);
      }
      places.push(scratch.place[e]);
    }
    ruleEdges.push(places);
    ruleAllowed.push(allowed);
  };
  for (const e of clauseEdges) {
    for (let k = 0; k < 2; k++) {
      const v = edgeEnds[2 * e + k];
      if (scratch.vertex[v] === stamp) continue;
      scratch.vertex[v] = stamp;
      addRule(vertexEdges, v, vertexSlots, VERTEX_COUNTS);
    }
  }
  for (const cell of cluedFacesBeside(puzzle, clauseEdges, edgeCells, scratch.face, stamp)) {
    const clue = puzzle.clues[cell] as number;
    addRule(cellEdges, cell, cellSlots, clueCounts(clue));
  }
  if (scope.length > WINDOW_MAX_EDGES) {
    return `its window (the edges of the rules at its edges' ends and of the clues beside them) has ${scope.length} edges; a window lemma may have at most ${WINDOW_MAX_EDGES}, so that checking it tries at most 2^${WINDOW_MAX_EDGES} assignments`;
  }
  // Search for a counterexample: the clause false, every rule met. value: 1 on, 0 off, -1 open (by place in scope).
  const value = new Int8Array(scope.length).fill(-1);
  for (const e of clause.on) value[scratch.place[e]] = 0;
  for (const e of clause.off) value[scratch.place[e]] = 1;
  const rulesOf: number[][] = scope.map(() => []);
  for (let r = 0; r < ruleEdges.length; r++) for (const place of ruleEdges[r]) rulesOf[place].push(r);
  const possible = (r: number) => {
    let on = 0;
    let open = 0;
    for (const place of ruleEdges[r]) {
      if (value[place] === 1) on++;
      else if (value[place] === -1) open++;
    }
    return ((ruleAllowed[r] >>> on) & ((1 << (open + 1)) - 1)) !== 0;
  };
  for (let r = 0; r < ruleEdges.length; r++) if (!possible(r)) return null;
  const open = scope.map((_, place) => place).filter((place) => value[place] === -1);
  const search = (i: number): boolean => {
    if (i === open.length) return true;
    for (const bit of [0, 1]) {
      value[open[i]] = bit;
      if (rulesOf[open[i]].every(possible) && search(i + 1)) return true;
    }
    value[open[i]] = -1;
    return false;
  };
  if (!search(0)) return null;
  const onEdges = scope.filter((_, place) => value[place] === 1).map((e) => e + 1);
  return `the rules near it allow an assignment that falsifies it (on: ${onEdges.join(' ') || 'none'}; the other window edges off)`;
}

/**
 * Cycle lemma: the clause holds -e for every edge of a cycle C, and C is no solution or satisfies the clause.
 * `named` is the cycle the line gives, or null to look for it among the clause's off edges. Literals as
 * clauses.ts codes them; the clause's edges are marked with a new stamp, so the test costs what the line is long.
 */
export function cycleProblem(puzzle: Puzzle, literals: ArrayLike<number>, named: readonly number[] | null): string | null {
  const grid = adjacencyOf(puzzle);
  const marks = grid.scratch;
  const clauseStamp = ++marks.stamp;
  const { clauseOn, clauseOff } = marks;
  // The clause's off edges, each once: the first `offCount` of the scratch list.
  const off = marks.edges;
  let offCount = 0;
  for (let k = 0; k < literals.length; k++) {
    const e = literals[k] >> 1;
    if ((literals[k] & 1) === 0) clauseOn[e] = clauseStamp;
    else if (clauseOff[e] !== clauseStamp) {
      clauseOff[e] = clauseStamp;
      off[offCount++] = e;
    }
  }
  const clause = { literals, stamp: clauseStamp };
  if (named !== null) {
    const missing = named.find((e) => marks.clauseOff[e] !== clauseStamp);
    if (missing !== undefined) return `the clause does not hold -${missing + 1}, an edge of the cycle`;
    const notCycle = cycleShapeProblem(grid, named);
    if (notCycle) return `the named edges are not one cycle: ${notCycle}`;
    return cycleAllowsClause(puzzle, clause, named);
  }
  const left = peelToCycles(grid, off, offCount);
  // Each piece left a simple cycle C, and an off edge peeled off, so off C: the clause holds for every C (as below).
  if (left > 0 && left < offCount && leftAreCycles(grid, off, offCount)) return null;
  const candidates = cyclesLeft(grid, off, offCount);
  if (candidates.cycles.length === 0) {
    return candidates.tangled ? 'its off edges hold crossing cycles: the line must name the cycle' : 'its off edges hold no cycle';
  }
  let firstProblem = '';
  for (const cycle of candidates.cycles) {
    // C is made of the clause's off edges, each once: an off edge left out of C (-x with x off C) satisfies the
    // clause, as does +x with x on C; only a clause of C's edges alone is held against the clues.
    if (cycle.length < offCount || cycle.some((e) => clauseOn[e] === clauseStamp)) return null;
    const problem = cycleAllowsClause(puzzle, clause, cycle);
    if (problem === null) return null;
    firstProblem ||= problem;
  }
  return firstProblem;
}

/** The clause (its edges marked with `stamp` in the scratch's clauseOn and clauseOff) holds for cycle C, or C is no solution. */
function cycleAllowsClause(puzzle: Puzzle, clause: { literals: ArrayLike<number>; stamp: number }, cycle: readonly number[]): string | null {
  const marks = adjacencyOf(puzzle).scratch;
  const stamp = ++marks.stamp;
  const onCycle = marks.onCycle;
  for (let k = 0; k < cycle.length; k++) onCycle[cycle[k]] = stamp;
  // Satisfied by C: +x with x on C, or -x with x off C.
  const literals = clause.literals;
  for (let k = 0; k < literals.length; k++) {
    const literal = literals[k];
    if ((onCycle[literal >> 1] === stamp) === ((literal & 1) === 0)) return null;
  }
  if (!cycleMeetsClues(puzzle, cycle, stamp)) return null;
  return `its cycle (${cycle.length} edges) is a solution of the puzzle and falsifies the clause`;
}

/** How many faces of each puzzle have a clue above 0 (counted once per puzzle). */
const positiveClues = new WeakMap<Puzzle, number>();

/**
 * Whether a single cycle (its edges marked with `stamp` in the scratch's onCycle) meets every clue, in time
 * linear in its length, not the grid's: each clued face beside it must have as many of its edges on the cycle
 * as its clue, and every face away from it has none, so its clue must be 0 (or none): the faces beside it must
 * hold every clue above 0. Of a single cycle, as the verifier says.
 */
function cycleMeetsClues(puzzle: Puzzle, cycle: readonly number[], stamp: number): boolean {
  const { flat, scratch } = adjacencyOf(puzzle);
  const { edgeCells, cellEdges, cellSlots } = flat;
  let positive = positiveClues.get(puzzle);
  if (positive === undefined) {
    positive = puzzle.clues.reduce<number>((n, clue) => n + (typeof clue === 'number' && clue > 0 ? 1 : 0), 0);
    positiveClues.set(puzzle, positive);
  }
  let positiveBeside = 0;
  const seen = scratch.face;
  const clues = puzzle.clues;
  // Face by face as they are met: most cycles of a proof break a clue, found before the rest are looked at.
  for (let i = 0; i < cycle.length; i++) {
    for (let side = 2 * cycle[i]; side < 2 * cycle[i] + 2; side++) {
      const face = edgeCells[side];
      if (face < 0 || seen[face] === stamp) continue;
      seen[face] = stamp;
      const clue = clues[face];
      if (typeof clue !== 'number') continue;
      let on = 0;
      for (let k = face * cellSlots; k < face * cellSlots + cellSlots; k++) if (cellEdges[k] >= 0 && scratch.onCycle[cellEdges[k]] === stamp) on++;
      if (on !== clue) return false;
      if (clue > 0) positiveBeside++;
    }
  }
  return positiveBeside === positive;
}

/** The clued faces beside these edges, each once: a face is marked with `stamp` in `seen` when first met. */
function cluedFacesBeside(puzzle: Puzzle, edges: readonly number[], edgeCells: Int32Array, seen: Int32Array, stamp: number): number[] {
  const faces: number[] = [];
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    for (let side = 0; side < 2; side++) {
      const face = edgeCells[2 * e + side];
      if (face < 0 || seen[face] === stamp) continue;
      seen[face] = stamp;
      if (typeof puzzle.clues[face] === 'number') faces.push(face);
    }
  }
  return faces;
}

/**
 * Why these edges (each counted once) are not a single cycle (every vertex met twice, all connected), or null;
 * the first vertex met, going through the edges in order, that is not met twice is the one named. On the flat
 * tables with marks that a new stamp clears, so its time is what the cycle is long.
 */
function cycleShapeProblem(grid: Adjacency, named: readonly number[]): string | null {
  if (named.length === 0) return 'no edges';
  const { edgeEnds, vertexEdges, vertexSlots } = grid.flat;
  const marks = grid.scratch;
  const stamp = ++marks.stamp;
  const { edge: inCycle, vertex: seen, degree } = marks;
  let size = 0;
  for (let i = 0; i < named.length; i++) {
    const e = named[i];
    if (inCycle[e] === stamp) continue;
    inCycle[e] = stamp;
    size++;
    for (let k = 2 * e; k < 2 * e + 2; k++) {
      const v = edgeEnds[k];
      if (seen[v] !== stamp) {
        seen[v] = stamp;
        degree[v] = 0;
      }
      degree[v]++;
    }
  }
  for (let i = 0; i < named.length; i++) {
    for (let k = 2 * named[i]; k < 2 * named[i] + 2; k++) {
      const v = edgeEnds[k];
      if (degree[v] !== 2) return `vertex ${v + 1} has ${degree[v]} of its edges`;
    }
  }
  // Every vertex met twice: the edges are cycles; one cycle when the walk from the first edge's first end
  // reaches them all (each edge is unmarked as it is walked).
  const stack = marks.vertices;
  let top = 0;
  let reached = 0;
  const start = edgeEnds[2 * named[0]];
  stack[top++] = start;
  seen[start] = stamp + 1;
  while (top > 0) {
    const v = stack[--top];
    for (let k = v * vertexSlots; k < v * vertexSlots + vertexSlots; k++) {
      const e = vertexEdges[k];
      if (e < 0 || inCycle[e] !== stamp) continue;
      inCycle[e] = 0;
      reached++;
      const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
      if (seen[w] !== stamp + 1) {
        seen[w] = stamp + 1;
        stack[top++] = w;
      }
    }
  }
  marks.stamp++;
  return reached === size ? null : 'they form more than one cycle';
}

/**
 * Drops from the edges (each once) those with an end no other edge left meets, again and again, until only
 * pieces with every vertex met twice or more are left; returns how many edges are left. It runs for every cycle
 * lemma without its cycle named, so it works on the flat tables with marks that a new stamp clears: its time is
 * what the line is long, not what the grid is large. The marks stay for leftAreCycles and cyclesLeft.
 */
function peelToCycles(grid: Adjacency, edges: Int32Array, count: number): number {
  const { edgeEnds, vertexEdges, vertexSlots } = grid.flat;
  const marks = grid.scratch;
  // left: edge[e] === stamp; degree[v] is current where vertex[v] >= stamp (reached by a walk: vertex[v] === stamp + 1).
  const stamp = (marks.stamp += 2) - 1;
  const { edge: left, vertex: seen, degree } = marks;
  for (let i = 0; i < count; i++) {
    const e = edges[i];
    left[e] = stamp;
    for (let k = 0; k < 2; k++) {
      const v = edgeEnds[2 * e + k];
      if (seen[v] !== stamp) {
        seen[v] = stamp;
        degree[v] = 0;
      }
      degree[v]++;
    }
  }
  // The vertices left with one edge, each listed once (its degree reaches 1 once), as a stack.
  const stack = marks.vertices;
  let top = 0;
  let dropped = 0;
  for (let i = 0; i < count; i++) for (let k = 2 * edges[i]; k < 2 * edges[i] + 2; k++) if (degree[edgeEnds[k]] === 1) stack[top++] = edgeEnds[k];
  while (top > 0) {
    const v = stack[--top];
    for (let k = vertexSlots * v; k < vertexSlots * v + vertexSlots; k++) {
      const e = vertexEdges[k];
      if (e < 0 || left[e] !== stamp) continue;
      left[e] = 0;
      dropped++;
      if (--degree[edgeEnds[2 * e]] === 1) stack[top++] = edgeEnds[2 * e];
      if (--degree[edgeEnds[2 * e + 1]] === 1) stack[top++] = edgeEnds[2 * e + 1];
      break;
    }
  }
  return count - dropped;
}

/** After peelToCycles: every vertex of the edges left has two of them, so each piece left is a simple cycle. */
function leftAreCycles(grid: Adjacency, edges: Int32Array, count: number): boolean {
  const { edgeEnds } = grid.flat;
  const { edge: left, degree, stamp: next } = grid.scratch;
  const stamp = next - 1;
  for (let i = 0; i < count; i++) {
    const e = edges[i];
    if (left[e] === stamp && (degree[edgeEnds[2 * e]] !== 2 || degree[edgeEnds[2 * e + 1]] !== 2)) return false;
  }
  return true;
}

/**
 * After peelToCycles: the pieces left that are simple cycles; `tangled` if some piece is not. What is left has no
 * vertex of degree 1: a connected piece with every degree 2 is a simple cycle.
 */
function cyclesLeft(grid: Adjacency, edges: Int32Array, count: number): { cycles: number[][]; tangled: boolean } {
  const { edgeEnds, vertexEdges, vertexSlots } = grid.flat;
  const marks = grid.scratch;
  const stamp = marks.stamp - 1;
  const { edge: left, vertex: seen, degree } = marks;
  const stack = marks.vertices;
  let top = 0;
  const cycles: number[][] = [];
  let tangled = false;
  for (let i = 0; i < count; i++) {
    const start = edges[i];
    if (left[start] !== stamp) continue;
    const piece: number[] = [];
    let simple = true;
    // Each vertex is stacked once, when first reached.
    stack[0] = edgeEnds[2 * start];
    seen[stack[0]] = stamp + 1;
    top = 1;
    while (top > 0) {
      const v = stack[--top];
      if (degree[v] !== 2) simple = false;
      for (let k = vertexSlots * v; k < vertexSlots * v + vertexSlots; k++) {
        const e = vertexEdges[k];
        if (e < 0 || left[e] !== stamp) continue;
        left[e] = 0;
        piece.push(e);
        const w = edgeEnds[2 * e] === v ? edgeEnds[2 * e + 1] : edgeEnds[2 * e];
        if (seen[w] !== stamp + 1) {
          seen[w] = stamp + 1;
          stack[top++] = w;
        }
      }
    }
    if (simple) cycles.push(piece);
    else tangled = true;
  }
  return { cycles, tangled };
}

/**
 * Cut lemma over vertex set S, with an optional hinge vertex. Without a hinge: -a with an end in S, -b with an
 * end outside S, and +e for every edge leaving S but at most one. With hinge P: -a with an end in S, -b with an
 * end in neither S nor P, and +e for every edge from S to a vertex other than P.
 */
export function cutProblem(puzzle: Puzzle, clause: EdgeClause, inside: readonly number[], hinge: number | null): string | null {
  const grid = adjacencyOf(puzzle);
  const S = new Set(inside);
  if (hinge !== null && S.has(hinge)) return `the hinge vertex ${hinge + 1} is in the set`;
  const beyond = (v: number) => !S.has(v) && v !== hinge;
  const missing: number[] = [];
  for (const v of S) {
    for (const e of grid.edgesAtVertex(v)) {
      const [a, b] = grid.verticesOfEdge(e);
      if (beyond(a === v ? b : a) && !clause.on.has(e)) missing.push(e);
    }
  }
  const allowedMissing = hinge === null ? 1 : 0;
  if (missing.length > allowedMissing) {
    return `the clause misses ${missing.length} edges leaving the set (${missing.slice(0, 5).map((e) => `+${e + 1}`).join(' ')}${missing.length > 5 ? ' ...' : ''}; at most ${allowedMissing} may be missing)`;
  }
  const offEdges = [...clause.off];
  if (!offEdges.some((e) => grid.verticesOfEdge(e).some((v) => S.has(v)))) return 'no off literal of the clause has an edge touching the set';
  if (!offEdges.some((e) => grid.verticesOfEdge(e).some(beyond))) {
    return `no off literal of the clause has an edge touching a vertex outside the set${hinge === null ? '' : ' and the hinge'}`;
  }
  return null;
}

/**
 * The most vertices the test of a cut lemma without a vertex set looks at: the piece of the grid it searches
 * (the component of its first off edge in the grid without the clause's on edges) must have no more, else
 * the lemma is refused and must name its vertex set. So a line costs at most a search of this many vertices.
 */
export const CUT_MAX_VERTICES = 4096;

/**
 * Cut lemma without a vertex set: let G be the grid's graph without the edges the clause holds as +e. Some
 * edge of the clause's -e literals is a bridge of G, or two of them lie in different blocks (biconnected
 * pieces) of G. A loop falsifying the clause is a cycle of G through all its -e edges, and a cycle uses no
 * bridge and lies inside one block.
 */
export function blockProblem(puzzle: Puzzle, clause: EdgeClause): string | null {
  const grid = adjacencyOf(puzzle);
  const onLoop = [...clause.off];
  if (onLoop.length === 0) return 'the clause has no off literal';
  if (onLoop.some((e) => clause.on.has(e))) return null; // holds e and -e
  const block = blocksAround(grid, clause.on, grid.verticesOfEdge(onLoop[0])[0]);
  if (block === null) {
    return `the grid without its on edges leaves more than ${CUT_MAX_VERTICES} vertices joined to its off edge ${onLoop[0] + 1}: a cut lemma without a vertex set is checked within ${CUT_MAX_VERTICES} vertices; past that, the line must name its vertex set`;
  }
  const first = block.of.get(onLoop[0]);
  for (const e of onLoop) {
    const id = block.of.get(e);
    if (id === undefined || id !== first || block.size[id] === 1) return null;
  }
  return onLoop.length === 1 ? 'its off edge is no bridge of the grid without the clause\'s on edges' : 'its off edges lie in one block of the grid without the clause\'s on edges (a cycle can hold them all)';
}

/**
 * The blocks of the component of `start` in the grid without the edges `removed` (Tarjan's depth-first
 * search, iterative): `of` maps each of its edges to its block, `size[b]` is the block's edge count. Null when
 * the component has more than CUT_MAX_VERTICES vertices (found before the search, which is not begun).
 */
function blocksAround(grid: Adjacency, removed: ReadonlySet<number>, start: number): { of: Map<number, number>; size: number[] } | null {
  const reached = new Set([start]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const e of grid.edgesAtVertex(queue[i])) {
      if (removed.has(e)) continue;
      for (const w of grid.verticesOfEdge(e)) {
        if (reached.has(w)) continue;
        if (reached.size === CUT_MAX_VERTICES) return null;
        reached.add(w);
        queue.push(w);
      }
    }
  }
  const of = new Map<number, number>();
  const size: number[] = [];
  const order = new Map<number, number>();
  const low = new Map<number, number>();
  const edgeStack: number[] = [];
  // Frames: vertex, the tree edge into it (-1 at the root), the next of its edges to look at.
  const frames: [number, number, number][] = [[start, -1, 0]];
  let time = 0;
  order.set(start, time);
  low.set(start, time++);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    const [v, into] = frame;
    const edges = grid.edgesAtVertex(v);
    if (frame[2] < edges.length) {
      const e = edges[frame[2]++];
      if (e === into || removed.has(e)) continue;
      const [a, b] = grid.verticesOfEdge(e);
      const w = a === v ? b : a;
      const seen = order.get(w);
      if (seen === undefined) {
        edgeStack.push(e);
        order.set(w, time);
        low.set(w, time++);
        frames.push([w, e, 0]);
      } else if (seen < order.get(v)!) {
        edgeStack.push(e);
        low.set(v, Math.min(low.get(v)!, seen));
      }
      continue;
    }
    frames.pop();
    if (frames.length === 0) break;
    const parent = frames[frames.length - 1][0];
    low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
    if (low.get(v)! >= order.get(parent)!) {
      // The edges stacked since the tree edge into v form one block.
      const id = size.length;
      let count = 0;
      for (let e = edgeStack.pop()!; ; e = edgeStack.pop()!) {
        of.set(e, id);
        count++;
        if (e === into) break;
      }
      size.push(count);
    }
  }
  return { of, size };
}
