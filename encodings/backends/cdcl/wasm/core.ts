// cdcl-loop's solver compiled to WebAssembly (AssemblyScript): the same CDCL search as ../solver.ts and the
// same single-loop theory as ../loop-propagator.ts (paths, closing edges, and the connectivity rule). Why: a
// fresh process runs JavaScript in V8's interpreter for its first milliseconds, while wasm is compiled at once,
// so the first solve in a process runs at nearly warm speed. The TypeScript files stay the reference;
// test/encodings/backends/cdcl/wasm/binding.test.ts holds both to the same answers. One instance is one
// search: binding.ts makes a new instance per search, so several can take turns.
//
// Literals: variable v is 2v (edge v on) and 2v + 1 (off). Clause arena: [size, header, lit0, lit1, ...],
// header = learnt | deleted << 1 | lbd << 2. The grid's tables are filled here by encodings/wasm/grid.ts,
// with encodings/grid.ts's numbering (a test compares them).
//
// Built with the minimal runtime (../../build-wasm-core.mjs): no collector runs during a search, so the code
// keeps no shadow stack of references (with the incremental runtime, a store beside nearly every array
// access: a sixth of a 10x10's search time). What a search lets go of (arrays replaced when they grow)
// stays until its instance goes, at most the final sizes again; auto's core, which reuses its instances,
// collects between solves.
// The puzzle's graph (its counts, tables and clues), held where the rules core holds it too.
import { allocateGraph, cellCount, cellEdges, cellSlots, clues as clue, edgeCells, edgeCount, edgeEnds, fillSquareGrid, gridEdgeCount, gridVertexCount, square, vertexCount, vertexEdges, vertexSlots } from '../../../wasm/grid';
export { cellEdgesPointer, cluesPointer, edgeCellsPointer, edgeEndsPointer, vertexEdgesPointer } from '../../../wasm/grid';
import { SORT } from '~lib/util/sort';
// The answers, the connectivity levels and the search's constants, shared with the TypeScript side.
import { BUDGET, CONNECTIVITY_BLOCKS, CONNECTIVITY_OFF, COUNTER_SLOTS, SAT, TIMEOUT, UNSAT } from './abi';
import { PROOF_BLOCKING, PROOF_CUT, PROOF_CYCLE, PROOF_EMPTY, PROOF_LEARNT } from '../../../wasm/proof-records';
import { BLOCK_AFTER_CONFLICTS, BLOCK_MARGIN, FAST_LBD, MIN_CONFLICTS_BETWEEN_RESTARTS, RANDOM_DECISIONS, REPHASE_INTERVAL, RESTART_MARGIN, SLOW_LBD, TRAIL_AVERAGE } from './abi';
import { ACTIVITY_DECAY, ACTIVITY_LIMIT, ACTIVITY_SCALE_DOWN, GLUE_LBD, INITIAL_ACTIVITY, LEARNT_LIMIT, LEARNT_LIMIT_STEP } from './abi';

@external("env", "now")
declare function now(): f64;

const UNDEF: u8 = 2;
const LEARNT = 1;
const DELETED = 2;
const THEORY_OK = 0;
const THEORY_CONFLICT = 1;
const THEORY_MODEL = 2;


// --- the grid: its tables are ../../../wasm/grid's ---
/** The vertex across each entry of vertexEdges (-1 where there is no edge): the walks' step without edgeEnds. */
let vertexNeighbors = new StaticArray<i32>(0);
// On the square grid (setupGrid) the clauses are written as they always were, its corner clauses added apart.
/** CONNECTIVITY_OFF, _COMPONENTS or _BLOCKS (abi.ts; see propagateBlocks). */
let connectivity = 0; // CONNECTIVITY_OFF (a literal: asc sets a global from an import in the start function)
let clauseCount = 0;

// --- the solver ---
let variables = 0;
let assign = new StaticArray<u8>(0);
/** Each literal's value (0 false, 1 true, UNDEF), kept beside assign: value() is then one load. */
let litValue = new StaticArray<u8>(0);
let level = new StaticArray<i32>(0);
let reason = new StaticArray<i32>(0);
let trail = new StaticArray<i32>(0);
let trailLength = 0;
let propagateHead = 0;
let levelStart = new StaticArray<i32>(0);
let decisionLevel = 0;
let arena = new StaticArray<i32>(0);
let arenaTop = 0;
let learnts = new StaticArray<i32>(0);
let learntCount = 0;
let learntOrder = new StaticArray<i32>(0);
// Watch lists, all in one pool: literal l's [clause, blocker] pairs at watchPool[watchStart[l] ..
// + watchLength[l]), room for watchRoom[l]. A full list moves to the pool's end with twice the room: one
// array instead of one per literal (adding a 10x10's rule clauses went from 0.73-0.80 ms to 0.33-0.53 ms).
let watchPool = new StaticArray<i32>(0);
let watchTop = 0;
let watchStart = new StaticArray<i32>(0);
let watchRoom = new StaticArray<i32>(0);
let watchLength = new StaticArray<i32>(0);
/** Entries (clause, blocker: two per watch) each literal's list starts with. */
const WATCH_ROOM = 16;
let pool = new StaticArray<i32>(0);
let poolTop = 0;
let activity = new StaticArray<f64>(0);
let activityIncrement = 1.0;
let heap = new StaticArray<i32>(0);
let heapIndex = new StaticArray<i32>(0);
let heapSize = 0;
let phase = new StaticArray<u8>(0);
let bestPhase = new StaticArray<u8>(0);
let bestTrail = 0;
let seen = new StaticArray<u8>(0);
let levelSeen = new StaticArray<u8>(0);
let learnt = new StaticArray<i32>(0);
let learntLength = 0;
let toClear = new StaticArray<i32>(0);
let toClearLength = 0;
let stack = new StaticArray<i32>(0);
let conflict = new StaticArray<i32>(0);
let conflictLength = 0;
let input = new StaticArray<i32>(0);
/** One byte per edge, 1 on: the last model as writeModel leaves it, or a loop the wrapper writes to block. */
let loopBytes = new StaticArray<u8>(0);
/** The counters, as statsPointer leaves them. */
const statsOut = new StaticArray<f64>(COUNTER_SLOTS);
let unsatAtRoot = false;
let maxLearnts = LEARNT_LIMIT;
let fastLbd = 0.0;
let slowLbd = 0.0;
let trailAverage = 0.0;
let averagedConflicts = 0;
let conflictsAtRestart = 0;
let nextRephase = REPHASE_INTERVAL;
let rephases = 0;
let random: u32 = 1;

// Counters, in the order of CdclStats.
let conflicts = 0;
let decisions = 0;
let propagations = 0;
let learnedClauses = 0;
let deletedClauses = 0;
let restarts = 0;
let theoryPropagations = 0;
let theoryConflicts = 0;

// --- the loop propagator ---
let head = 0;
let degree = new StaticArray<i32>(0);
let partner = new StaticArray<i32>(0);
let pathLength = new StaticArray<i32>(0);
let ends = new StaticArray<i32>(0);
let endCount = 0;
let endIndex = new StaticArray<i32>(0);
let onEdge = new StaticArray<u8>(0);
let totalOn = 0;
let cellOn = new StaticArray<i8>(0);
let mismatch = 0;
let log = new StaticArray<i32>(0);
let logTop = 0;
let logTopAt = new StaticArray<i32>(0);
let readEdge = new StaticArray<i32>(0);
let closedVertex = -1;
let closedAt = -1;
let closedLength = 0;
// The path-closing rule (theoryPropagate) reads the paths, totalOn and the clue counts, which change only
// with an on-edge, and undecided edges, which only backtracking adds: pathEpoch counts both, and the rule
// is skipped when it already ran at this epoch (it would find every edge it could imply decided).
let pathEpoch = 0;
let closingCheckedAt = -1;
let because = new StaticArray<i32>(0);
let becauseLength = 0;
let component = new StaticArray<i32>(0);
let componentOn = new StaticArray<i32>(0);
let componentOpen = new StaticArray<u8>(0);
let walk = new StaticArray<i32>(0);
let componentStart = new StaticArray<i32>(0);
// The block rule's depth-first search (component 0 of propagateConnectivity): per vertex its preorder
// number, lowest preorder reachable by one back edge from its subtree, the end of its subtree in walk[],
// its tree parent and tree edge, and the next of its four edges to look at.
let preorder = new StaticArray<i32>(0);
let lowest = new StaticArray<i32>(0);
let subtreeEnd = new StaticArray<i32>(0);
let treeParent = new StaticArray<i32>(0);
let treeEdge = new StaticArray<i32>(0);
let nextSlot = new StaticArray<i32>(0);
let dfsStack = new StaticArray<i32>(0);
/** onBefore[i]: vertices of walk[0..i) with an on-edge. */
let onBefore = new StaticArray<i32>(0);
const MAX_SKIP = 15;
let skip = 0;
let skipLeft = 0;
// The same for the block rule's walk, which costs about twice the component walk: after one that found
// nothing, up to 15 component walks go without it (on Loopy puzzles it seldom finds anything).
const MAX_BLOCK_SKIP = 15;
let blockSkip = 0;
let blockSkipLeft = 0;

// --- the proof log (docs/proof-format.md), written only after startProof ---
// Records of integers (abi.ts) that become the proof's text (auto's core writes it itself, else the binding).
// Theory reasons are written when
// conflict analysis first uses them (most are never used), or at once at level 0, whose literals every later
// step may rely on. Each record is a line, numbered from 1, with its hints: the lines its clause rests on (a
// learnt clause: the clauses its conflict analysis used) and the level-0 edges it reads. When the empty
// clause is written, the lines it needs are marked back from it (as a backward checker would) and only they
// stay, in order: the checker then reads and propagates a fraction of what the search wrote.
/** A theory clause's justification, stored after its literals: a cycle, a cut, or a cut around a hinge vertex (>= 0). */
const BY_CYCLE = -2;
const BY_CUT = -1;
let proofOn = false;
let proof = new StaticArray<i32>(0);
let proofTop = 0;
let proofEnded = false;
/** Per variable: the line of its theory reason once that is in the proof (0 before); cleared when the variable is unassigned. */
let reasonLine = new StaticArray<i32>(0);
/** The justification of the theory conflict in `conflict` (BY_CYCLE, BY_CUT or a hinge vertex). */
let conflictBy = BY_CYCLE;
/** The line of the clause in `conflict` (0: a puzzle rule, which the checker's base holds). */
let conflictLine = 0;
/** Lines so far; per line (from 1) where its record starts in `proof` and its hints' range in `hints`. */
let lineCount = 0;
let lineInfo = new StaticArray<i32>(0);
/** Hints: a line's number (> 0), or -(v + 1) for level-0 edge v, whose derivation the line reads. */
let hints = new StaticArray<i32>(0);
let hintsTop = 0;
/** Per variable: the hint round that last hinted it (no repeats within one line's hints). */
let hintStamp = new StaticArray<i32>(0);
let hintRound = 0;
/** Per arena clause (by its offset): its line (0: a puzzle rule). */
let arenaLine = new StaticArray<i32>(0);
/** Per variable set at level 0 by a unit clause of the proof: that line. */
let unitLine = new StaticArray<i32>(0);
/** The line of the clause addClause adds next (0: a puzzle rule), and the line addClause found false at level 0. */
let addingLine = 0;
let rootLine = 0;
/** A theory reason's clause, the implied literal first, for the proof. */
let lemma = new StaticArray<i32>(0);
/** Marks for a cut lemma's vertex set: edges of the clause's positive literals, vertices reached, and the walk. */
let cutEdge = new StaticArray<u8>(0);
let cutVertex = new StaticArray<u8>(0);
let cutWalk = new StaticArray<i32>(0);

function filled(n: i32, value: i32): StaticArray<i32> {
  const a = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) unchecked((a[i] = value));
  return a;
}

/**
 * n entries, not zeroed: for the arrays read only below a top or within a watch list (arena, learnts,
 * watchPool, pool, log), so that a page is touched when it is first used. A fresh page costs a fault of
 * about 3 us here: zeroing a 10x10's arrays of room touched about 30 pages that most searches never use.
 */
function unzeroed(n: i32): StaticArray<i32> {
  return changetype<StaticArray<i32>>(__new(<usize>n << 2, idof<StaticArray<i32>>()));
}

/** `a` if `need` more entries fit after `top`, else a copy with room (doubling). */
function withRoom(a: StaticArray<i32>, top: i32, need: i32): StaticArray<i32> {
  if (top + need <= a.length) return a;
  let size = a.length * 2;
  if (size < top + need) size = top + need;
  const bigger = unzeroed(size);
  memory.copy(changetype<usize>(bigger), changetype<usize>(a), <usize>top << 2);
  return bigger;
}

/** Every scalar of the search and the propagator back to its start: an instance can take puzzle after puzzle (auto's core does). */
function resetScalars(): void {
  clauseCount = 0;
  trailLength = 0;
  propagateHead = 0;
  decisionLevel = 0;
  arenaTop = 0;
  learntCount = 0;
  poolTop = 0;
  activityIncrement = 1.0;
  heapSize = 0;
  bestTrail = 0;
  learntLength = 0;
  toClearLength = 0;
  conflictLength = 0;
  unsatAtRoot = false;
  maxLearnts = LEARNT_LIMIT;
  fastLbd = 0.0;
  slowLbd = 0.0;
  trailAverage = 0.0;
  averagedConflicts = 0;
  conflictsAtRestart = 0;
  nextRephase = REPHASE_INTERVAL;
  rephases = 0;
  conflicts = 0;
  decisions = 0;
  propagations = 0;
  learnedClauses = 0;
  deletedClauses = 0;
  restarts = 0;
  theoryPropagations = 0;
  theoryConflicts = 0;
  head = 0;
  endCount = 0;
  totalOn = 0;
  mismatch = 0;
  logTop = 0;
  closedVertex = -1;
  closedAt = -1;
  closedLength = 0;
  becauseLength = 0;
  skip = 0;
  skipLeft = 0;
  blockSkip = 0;
  blockSkipLeft = 0;
  pathEpoch = 0;
  closingCheckedAt = -1;
  proofOn = false;
  proofTop = 0;
  proofEnded = false;
  conflictBy = BY_CYCLE;
  conflictLine = 0;
  lineCount = 0;
  hintsTop = 0;
  hintRound = 0;
  addingLine = 0;
  rootLine = 0;
}

export function setup(vertices: i32, edges: i32, cells: i32, vertexSlotCount: i32, cellSlotCount: i32, isSquare: bool, seed: i32, withConnectivity: i32): void {
  reserve(vertices, edges);
  allocateGraph(vertices, edges, cells, vertexSlotCount, cellSlotCount, isSquare);
  allocateSearch(seed, withConnectivity);
}

/** setup for the graph already held (auto's core sets it up once for both stages). */
export function setupOnGraph(seed: i32, withConnectivity: i32): void {
  reserve(vertexCount, edgeCount);
  allocateSearch(seed, withConnectivity);
}

/** Memory for the graph and the search's arrays in one grow (about 20 us each here) rather than several as they come. */
function reserve(vertices: i32, edges: i32): void {
  __free(__alloc(<usize>edges * 720 + <usize>vertices * 64));
}

function allocateSearch(seed: i32, withConnectivity: i32): void {
  const vertices = vertexCount, edges = edgeCount, cells = cellCount;
  resetScalars();
  connectivity = withConnectivity;
  input = new StaticArray<i32>(64);

  variables = edges;
  assign = new StaticArray<u8>(edges);
  for (let v = 0; v < edges; v++) unchecked((assign[v] = UNDEF));
  litValue = new StaticArray<u8>(2 * edges);
  for (let l = 0; l < 2 * edges; l++) unchecked((litValue[l] = UNDEF));
  level = new StaticArray<i32>(edges);
  reason = filled(edges, -1);
  trail = new StaticArray<i32>(edges);
  levelStart = new StaticArray<i32>(edges + 1);
  // Sized by the grid, not fixed: the first touch of each page costs a fault, which a fixed 256 KB arena
  // made a third of a 10x10's setup. Both grow by doubling.
  arena = unzeroed(max(1 << 12, edges * 64));
  learnts = unzeroed(1024);
  watchTop = 2 * edges * WATCH_ROOM;
  watchPool = unzeroed(watchTop * 2);
  watchStart = new StaticArray<i32>(2 * edges);
  watchRoom = new StaticArray<i32>(2 * edges);
  for (let i = 0; i < 2 * edges; i++) {
    unchecked((watchStart[i] = i * WATCH_ROOM));
    unchecked((watchRoom[i] = WATCH_ROOM));
  }
  watchLength = new StaticArray<i32>(2 * edges);
  pool = unzeroed(max(1 << 10, edges * 8));
  activity = new StaticArray<f64>(edges);
  heap = new StaticArray<i32>(edges);
  heapIndex = filled(edges, -1);
  phase = new StaticArray<u8>(edges);
  bestPhase = new StaticArray<u8>(edges);
  seen = new StaticArray<u8>(edges);
  loopBytes = new StaticArray<u8>(edges);
  levelSeen = new StaticArray<u8>(edges + 1);
  learnt = new StaticArray<i32>(edges + 1);
  toClear = new StaticArray<i32>(edges + 1);
  stack = new StaticArray<i32>(edges + 1);
  conflict = new StaticArray<i32>(edges + 2);
  because = new StaticArray<i32>(edges + 2);
  // The seeded jitter of ../solver.ts: `--seed` changes the first decisions and nothing else.
  let x: u32 = <u32>seed * 2654435761;
  if (x == 0) x = 1;
  for (let v = 0; v < edges; v++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    unchecked((activity[v] = (<f64>x / 4294967296.0) * INITIAL_ACTIVITY));
    heapInsert(v);
  }
  random = x == 0 ? 1 : x;

  degree = new StaticArray<i32>(vertices);
  partner = filled(vertices, -1);
  pathLength = new StaticArray<i32>(vertices);
  ends = new StaticArray<i32>(vertices);
  endIndex = filled(vertices, -1);
  onEdge = new StaticArray<u8>(edges);
  cellOn = new StaticArray<i8>(cells);
  log = unzeroed(1024);
  logTopAt = new StaticArray<i32>(edges + 1);
  readEdge = new StaticArray<i32>(edges + 1);
  component = new StaticArray<i32>(vertices);
  componentOn = new StaticArray<i32>(vertices);
  componentOpen = new StaticArray<u8>(vertices);
  walk = new StaticArray<i32>(vertices);
  componentStart = new StaticArray<i32>(vertices + 1);
  preorder = new StaticArray<i32>(vertices);
  lowest = new StaticArray<i32>(vertices);
  subtreeEnd = new StaticArray<i32>(vertices);
  treeParent = new StaticArray<i32>(vertices);
  treeEdge = new StaticArray<i32>(vertices);
  nextSlot = new StaticArray<i32>(vertices);
  dfsStack = new StaticArray<i32>(vertices);
  onBefore = new StaticArray<i32>(vertices + 1);
  // The proof's arrays come with startProof: a search that writes none allocates nothing for it.
  proof = new StaticArray<i32>(0);
  reasonLine = new StaticArray<i32>(0);
  lemma = new StaticArray<i32>(0);
  lineInfo = new StaticArray<i32>(0);
  hints = new StaticArray<i32>(0);
  hintStamp = new StaticArray<i32>(0);
  arenaLine = new StaticArray<i32>(0);
  unitLine = new StaticArray<i32>(0);
  cutEdge = new StaticArray<u8>(0);
  cutVertex = new StaticArray<u8>(0);
  cutWalk = new StaticArray<i32>(0);
}

/** setup for an R x C grid, with its tables filled in here (the wrapper writes only the clues). */
export function setupGrid(rows: i32, cols: i32, seed: i32, withConnectivity: i32): void {
  setup(gridVertexCount(rows, cols), gridEdgeCount(rows, cols), rows * cols, 4, 4, true, seed, withConnectivity);
  fillSquareGrid(rows, cols);
}

/**
 * setup for any planar graph: `vertexSlotCount` edges per vertex and `faceSlotCount` per face (its largest
 * degrees). The wrapper writes the tables and clues (encodings/wasm/graph-tables.ts) before finishSetup.
 */
export function setupGraph(vertices: i32, edges: i32, faces: i32, vertexSlotCount: i32, faceSlotCount: i32, seed: i32, withConnectivity: i32): void {
  setup(vertices, edges, faces, vertexSlotCount, faceSlotCount, false, seed, withConnectivity);
}

/** Edge states given in advance (0 open, 1 on, 2 off: the rules core's states), written at `inputPointer`, as unit clauses. */
export function addFixedEdges(): i32 {
  if (decisionLevel > 0) cancelUntil(0);
  const states = changetype<usize>(input);
  let count = 0;
  for (let e = 0; e < edgeCount; e++) {
    const s = load<u8>(states + <usize>e);
    if (s == 0) continue;
    // Not through addClause: it takes its literals from `input`, which holds the states being read.
    const lit = 2 * e + (s == 1 ? 0 : 1);
    const v = value(lit);
    if (v == 0) unsatAtRoot = true;
    else if (v != 1) enqueue(lit, -1);
    count++;
  }
  return count;
}

export function assignPointer(): usize { return changetype<usize>(assign); }

/** Room for a clause of `n` literals, written by the wrapper before `addClause(n)`. */
export function inputPointer(n: i32): usize {
  if (input.length < n) input = new StaticArray<i32>(n * 2);
  return changetype<usize>(input);
}

export function finishSetup(): void {
  vertexNeighbors = new StaticArray<i32>(vertexSlots * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
      const e = unchecked(vertexEdges[k]);
      unchecked((vertexNeighbors[k] = e < 0 ? -1 : across(e, v)));
    }
  }
  for (let cell = 0; cell < cellCount; cell++) if (unchecked(clue[cell]) > 0) mismatch++;
}

/** The on-edges of the last model, written where loopPointer points (unassigned edges are off). */
export function writeModel(): usize {
  for (let e = 0; e < edgeCount; e++) unchecked((loopBytes[e] = unchecked(assign[e]) == 1 ? 1 : 0));
  return changetype<usize>(loopBytes);
}

/** Where the wrapper writes a loop for addBlockingClause (and reads writeModel's model). */
export function loopPointer(): usize { return changetype<usize>(loopBytes); }

/** Forbids the loop at loopPointer: any other loop leaves one of its edges off. 0 when the formula became unsat. */
export function addBlockingClause(): i32 {
  if (input.length < edgeCount) input = new StaticArray<i32>(edgeCount);
  let n = 0;
  for (let e = 0; e < edgeCount; e++) if (unchecked(loopBytes[e]) == 1) unchecked((input[n++] = 2 * e + 1));
  if (proofOn) addingLine = logClause(PROOF_BLOCKING, input, n);
  return addClause(n);
}

/** The counters in the order of CdclStats, written to one array that the wrapper reads in one call. */
export function statsPointer(): usize {
  unchecked((statsOut[0] = conflicts));
  unchecked((statsOut[1] = decisions));
  unchecked((statsOut[2] = propagations));
  unchecked((statsOut[3] = learnedClauses));
  unchecked((statsOut[4] = deletedClauses));
  unchecked((statsOut[5] = restarts));
  unchecked((statsOut[6] = theoryPropagations));
  unchecked((statsOut[7] = theoryConflicts));
  return changetype<usize>(statsOut);
}

@inline function value(lit: i32): i32 {
  return <i32>unchecked(litValue[lit]);
}

function nextRandom(): f64 {
  let x = random;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  random = x == 0 ? 1 : x;
  return <f64>random / 4294967296.0;
}

// --- the puzzle's clauses, as ../loop-clauses.ts writes them, in the same order ---

export function getClauseCount(): i32 { return clauseCount; }

/** Every assignment of side[0..n) whose number of on-edges is not in `allowed` (a bit per count), forbidden. */
function countIn(side: StaticArray<i32>, n: i32, allowed: i32): i32 {
  let ok = 1;
  for (let mask = 0; mask < 1 << n; mask++) {
    if ((allowed >> popcnt(mask)) & 1) continue;
    for (let i = 0; i < n; i++) unchecked((input[i] = (mask >> i) & 1 ? 2 * side[i] + 1 : 2 * side[i]));
    ok &= addClause(n);
    clauseCount++;
  }
  return ok;
}

/**
 * The clauses of "the number of side[0..n) on is in `allowed`" that hold no shorter one (the prime implicates,
 * as the checker's base has them: encodings/certify/lemmas.ts). A clause holding q edges off and p on is implied
 * when no allowed count lies in q..n-p. Used past 4 edges, where countIn's clause per forbidden assignment
 * grows to thousands of clauses of n literals (a 12-sided face) that propagate no more than these.
 */
function primeCountIn(side: StaticArray<i32>, n: i32, allowed: i32): i32 {
  let ok = 1;
  // Which clauses are prime depends only on how many edges they hold off (q) and on (p): each such pair's
  // clauses are walked as combinations (Gosper's), so the work is the clauses written, not 3^n.
  for (let q = 0; q <= n; q++) {
    for (let p = 0; q + p <= n; p++) {
      if (!primeCount(n, q, p, allowed)) continue;
      for (let off = (1 << q) - 1; off < 1 << n; off = nextCombination(off)) {
        for (let on = (1 << p) - 1; on < 1 << n; on = nextCombination(on)) {
          if ((on & off) == 0) {
            let k = 0;
            for (let i = 0; i < n; i++) {
              if ((off >> i) & 1) unchecked((input[k++] = 2 * side[i] + 1));
              else if ((on >> i) & 1) unchecked((input[k++] = 2 * side[i]));
            }
            ok &= addClause(k);
            clauseCount++;
          }
          if (on == 0) break;
        }
        if (off == 0) break;
      }
    }
  }
  return ok;
}

/** The next larger number with as many bits set (Gosper's hack); x > 0. */
@inline function nextCombination(x: i32): i32 {
  const lowest = x & -x;
  const ripple = x + lowest;
  return (((ripple ^ x) >> 2) / lowest) | ripple;
}

/** Implied, and dropping any one literal (an off one, or an on one) leaves a clause that is not. */
@inline function primeCount(n: i32, q: i32, p: i32, allowed: i32): bool {
  return impliedCount(n, q, p, allowed) && (q == 0 || !impliedCount(n, q - 1, p, allowed)) && (p == 0 || !impliedCount(n, q, p - 1, allowed));
}

/** A clause holding q edges off and p on, of n, is implied when no allowed count lies in q..n-p. */
@inline function impliedCount(n: i32, q: i32, p: i32, allowed: i32): bool {
  for (let count = q; count <= n - p; count++) if ((allowed >> count) & 1) return false;
  return true;
}

/** Degree 0 or 2 at every vertex, each clue's count, at least one edge on; 0 when the formula became unsat. */
export function addRuleClauses(): i32 {
  const side = new StaticArray<i32>(max(vertexSlots, cellSlots));
  if (input.length < max(edgeCount, 32)) input = new StaticArray<i32>(max(edgeCount, 32));
  let ok = 1;
  for (let v = 0; v < vertexCount; v++) {
    let n = 0;
    for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) if (unchecked(vertexEdges[k]) >= 0) unchecked((side[n++] = vertexEdges[k]));
    ok &= n <= 4 && square ? countIn(side, n, 0b101) : primeCountIn(side, n, 0b101);
  }
  for (let cell = 0; cell < cellCount; cell++) {
    const c = <i32>unchecked(clue[cell]);
    if (c < 0) continue;
    let n = 0;
    for (let k = cell * cellSlots, last = k + cellSlots; k < last; k++) if (unchecked(cellEdges[k]) >= 0) unchecked((side[n++] = cellEdges[k]));
    ok &= n <= 4 && square ? countIn(side, n, 1 << c) : primeCountIn(side, n, 1 << c);
  }
  for (let e = 0; e < edgeCount; e++) unchecked((input[e] = 2 * e));
  ok &= addClause(edgeCount);
  clauseCount++;
  return ok;
}

function clause2(a: i32, b: i32): i32 {
  unchecked((input[0] = a));
  unchecked((input[1] = b));
  clauseCount++;
  return addClause(2);
}

/** The corner clauses (see ../loop-clauses.ts); how many, or -1 when the formula became unsat. */
export function addCornerClauses(): i32 {
  const before = clauseCount;
  const side = new StaticArray<i32>(4);
  let ok = 1;
  for (let cell = 0; cell < cellCount; cell++) {
    const c = <i32>unchecked(clue[cell]);
    if (c < 0) continue;
    // The corner clauses are added on the square grid only (4 slots per cell). The units and pair clauses are
    // not written into a proof: each follows from the clue alone, which the checker's base propagates.
    for (let k = 0; k < 4; k++) unchecked((side[k] = cellEdges[4 * cell + k]));
    if (c == 0 || c == 4) {
      for (let k = 0; k < 4; k++) {
        unchecked((input[0] = c == 0 ? 2 * side[k] + 1 : 2 * side[k]));
        ok &= addClause(1);
        clauseCount++;
      }
      continue;
    }
    if (c != 1 && c != 3) continue;
    const sign = c == 1 ? 1 : 0;
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) ok &= clause2(2 * unchecked(side[i]) + sign, 2 * unchecked(side[j]) + sign);
    for (let q = 0; q < 4; q++) {
      // Corners in the order (top, left), (top, right), (bottom, left), (bottom, right).
      const a = unchecked(side[q >> 1]);
      const b = unchecked(side[2 + (q & 1)]);
      const a0 = unchecked(edgeEnds[2 * a]);
      const vertex = a0 == unchecked(edgeEnds[2 * b]) || a0 == unchecked(edgeEnds[2 * b + 1]) ? a0 : unchecked(edgeEnds[2 * a + 1]);
      for (let twice = 0; twice < 2; twice++) {
        let n = 0;
        for (let k = vertex * vertexSlots, last = k + vertexSlots; k < last; k++) {
          const e = unchecked(vertexEdges[k]);
          if (e >= 0 && e != a && e != b) unchecked((input[n++] = 2 * e));
        }
        unchecked((input[n++] = 2 * (twice == 0 ? a : b) + sign));
        // Follows by unit propagation from the vertex's rule and the clue's (the pair clause's reason).
        if (proofOn) addingLine = logClause(PROOF_LEARNT, input, n);
        ok &= addClause(n);
        clauseCount++;
      }
    }
  }
  return ok ? clauseCount - before : -1;
}

/** Adds a clause at level 0 from the input buffer; 0 when the formula became unsat. */
export function addClause(n: i32): i32 {
  if (decisionLevel > 0) cancelUntil(0);
  const line = addingLine;
  addingLine = 0;
  if (line > 0) hintRound++;
  let count = 0;
  let tautology = false;
  // seen[v]: 1 + the sign of v's literal already in the clause (a repeat is dropped, a clash is a tautology).
  for (let i = 0; i < n; i++) {
    const lit = unchecked(input[i]);
    const v = value(lit);
    if (v == 1) tautology = true;
    const mark = <i32>unchecked(seen[lit >> 1]);
    // A literal false at level 0 is left out: the line then rests on that edge's derivation too.
    if (v == 0 && line > 0) hintVariable(lit >> 1);
    if (v == 0 || tautology || mark == 1 + (lit & 1)) continue;
    if (mark != 0) tautology = true;
    else {
      unchecked((seen[lit >> 1] = <u8>(1 + (lit & 1))));
      unchecked((input[count++] = lit));
    }
  }
  for (let i = 0; i < count; i++) unchecked((seen[input[i] >> 1] = 0));
  if (line > 0) endHints(line);
  if (tautology) return 1;
  if (count == 0) {
    unsatAtRoot = true;
    rootLine = line;
    return 0;
  }
  if (count == 1) {
    enqueue(unchecked(input[0]), -1);
    if (line > 0) unchecked((unitLine[input[0] >> 1] = line));
    return 1;
  }
  attach(input, count, false, 0, line);
  return 1;
}

@inline function enqueue(lit: i32, why: i32): void {
  const v = lit >> 1;
  unchecked((assign[v] = <u8>((lit & 1) ^ 1)));
  unchecked((litValue[lit] = 1));
  unchecked((litValue[lit ^ 1] = 0));
  unchecked((level[v] = decisionLevel));
  unchecked((reason[v] = why));
  unchecked((trail[trailLength++] = lit));
}

/** A theory's implication: `lit` true because every literal of because[0..n) is false; `by` justifies it (for the proof). */
function imply(lit: i32, n: i32, by: i32): void {
  pool = withRoom(pool, poolTop, n + 3);
  const at = poolTop;
  unchecked((pool[at] = n + 1));
  unchecked((pool[at + 1] = lit));
  for (let i = 0; i < n; i++) unchecked((pool[at + 2 + i] = because[i]));
  unchecked((pool[at + 2 + n] = by));
  poolTop += n + 3;
  theoryPropagations++;
  enqueue(lit, -at - 2);
  if (proofOn && decisionLevel == 0) logReason(lit >> 1);
}

function attach(lits: StaticArray<i32>, n: i32, isLearnt: bool, lbd: i32, line: i32): i32 {
  arena = withRoom(arena, arenaTop, n + 2);
  const c = arenaTop;
  if (proofOn) {
    if (arenaLine.length < arena.length) arenaLine = grownTo(arenaLine, arena.length);
    unchecked((arenaLine[c] = line));
  }
  unchecked((arena[c] = n));
  unchecked((arena[c + 1] = (isLearnt ? LEARNT : 0) | (lbd << 2)));
  for (let i = 0; i < n; i++) unchecked((arena[c + 2 + i] = lits[i]));
  arenaTop += n + 2;
  watch(unchecked(lits[0]), c, unchecked(lits[1]));
  watch(unchecked(lits[1]), c, unchecked(lits[0]));
  if (isLearnt) {
    learnts = withRoom(learnts, learntCount, 1);
    unchecked((learnts[learntCount++] = c));
  }
  return c;
}

/** Adds a watch to `lit`'s list; may replace watchPool (callers holding it read it again). */
@inline function watch(lit: i32, c: i32, blocker: i32): void {
  let at = unchecked(watchStart[lit]);
  const n = unchecked(watchLength[lit]);
  const room = unchecked(watchRoom[lit]);
  if (n + 2 > room) {
    watchPool = withRoom(watchPool, watchTop, room * 2);
    memory.copy(changetype<usize>(watchPool) + (<usize>watchTop << 2), changetype<usize>(watchPool) + (<usize>at << 2), <usize>n << 2);
    at = watchTop;
    watchTop += room * 2;
    unchecked((watchStart[lit] = at));
    unchecked((watchRoom[lit] = room * 2));
  }
  unchecked((watchPool[at + n] = c));
  unchecked((watchPool[at + n + 1] = blocker));
  unchecked((watchLength[lit] = n + 2));
}

/** Unit propagation to a fixpoint; a conflicting clause offset or -1. */
function propagateUnits(): i32 {
  while (propagateHead < trailLength) {
    const p = unchecked(trail[propagateHead++]);
    const falseLit = p ^ 1;
    // The list stays where it is while it is walked (watch() only moves the list of another literal), but
    // the pool it is in may be replaced by a bigger one: `list` is read again after each watch().
    const at = unchecked(watchStart[falseLit]);
    let list = watchPool;
    const n = unchecked(watchLength[falseLit]);
    propagations++;
    let i = 0;
    let j = 0;
    let found = -1;
    while (i < n) {
      const c = unchecked(list[at + i]);
      const blocker = unchecked(list[at + i + 1]);
      i += 2;
      if (value(blocker) == 1) {
        unchecked((list[at + j++] = c));
        unchecked((list[at + j++] = blocker));
        continue;
      }
      // No watch of a deleted clause is left: reduceLearnts drops them all when it deletes.
      if (unchecked(arena[c + 2]) == falseLit) {
        unchecked((arena[c + 2] = arena[c + 3]));
        unchecked((arena[c + 3] = falseLit));
      }
      const first = unchecked(arena[c + 2]);
      if (first != blocker && value(first) == 1) {
        unchecked((list[at + j++] = c));
        unchecked((list[at + j++] = first));
        continue;
      }
      const size = unchecked(arena[c]);
      let moved = false;
      for (let k = 2; k < size; k++) {
        const lit = unchecked(arena[c + 2 + k]);
        if (value(lit) != 0) {
          unchecked((arena[c + 3] = lit));
          unchecked((arena[c + 2 + k] = falseLit));
          watch(lit, c, first);
          list = watchPool;
          moved = true;
          break;
        }
      }
      if (moved) continue;
      unchecked((list[at + j++] = c));
      unchecked((list[at + j++] = first));
      if (value(first) == 0) {
        found = c;
        while (i < n) {
          unchecked((list[at + j++] = list[at + i++]));
        }
      } else enqueue(first, c);
    }
    // `watch` never replaces this literal's own list: a clause moves its watch to another literal.
    unchecked((watchLength[falseLit] = j));
    if (found >= 0) return found;
  }
  return -1;
}

// A reason (clause offset >= 0, or pool offset -(r + 2)) read in place: its literals, the implied one first.
@inline function reasonSize(r: i32): i32 {
  return r >= 0 ? unchecked(arena[r]) : unchecked(pool[-r - 2]);
}
@inline function reasonLiteral(r: i32, k: i32): i32 {
  return r >= 0 ? unchecked(arena[r + 2 + k]) : unchecked(pool[-r - 2 + 1 + k]);
}
/** Where reason r's literals start (literal k at + 4k), for loops over one reason (nothing allocates meanwhile). */
@inline function reasonAt(r: i32): usize {
  return r >= 0 ? changetype<usize>(arena) + (<usize>(r + 2) << 2) : changetype<usize>(pool) + (<usize>(-r - 1) << 2);
}

@inline function bumpVariable(v: i32): void {
  if ((unchecked((activity[v] += activityIncrement))) > ACTIVITY_LIMIT) {
    for (let i = 0; i < variables; i++) unchecked((activity[i] *= ACTIVITY_SCALE_DOWN));
    activityIncrement *= ACTIVITY_SCALE_DOWN;
  }
  const i = unchecked(heapIndex[v]);
  if (i >= 0) heapUp(i);
}

function heapInsert(v: i32): void {
  unchecked((heapIndex[v] = heapSize));
  unchecked((heap[heapSize++] = v));
  heapUp(heapSize - 1);
}

@inline function heapUp(i: i32): void {
  const v = unchecked(heap[i]);
  const a = unchecked(activity[v]);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const u = unchecked(heap[parent]);
    if (unchecked(activity[u]) >= a) break;
    unchecked((heap[i] = u));
    unchecked((heapIndex[u] = i));
    i = parent;
  }
  unchecked((heap[i] = v));
  unchecked((heapIndex[v] = i));
}

function heapPop(): i32 {
  const top = unchecked(heap[0]);
  unchecked((heapIndex[top] = -1));
  const last = unchecked(heap[--heapSize]);
  if (heapSize > 0) {
    let i = 0;
    const a = unchecked(activity[last]);
    for (;;) {
      let child = 2 * i + 1;
      if (child >= heapSize) break;
      let w = unchecked(heap[child]);
      let wa = unchecked(activity[w]);
      if (child + 1 < heapSize) {
        const right = unchecked(heap[child + 1]);
        const ra = unchecked(activity[right]);
        if (ra > wa) {
          child++;
          w = right;
          wa = ra;
        }
      }
      if (wa <= a) break;
      unchecked((heap[i] = w));
      unchecked((heapIndex[w] = i));
      i = child;
    }
    unchecked((heap[i] = last));
    unchecked((heapIndex[last] = i));
  }
  return top;
}

/** Whether `lit` of the learnt clause follows from its other literals through reasons. */
function redundant(lit: i32, levels: i32): bool {
  let top = 0;
  unchecked((stack[top++] = lit));
  const mark = toClearLength;
  const hintMark = hintsTop;
  while (top > 0) {
    const v = unchecked(stack[--top]) >> 1;
    const r = unchecked(reason[v]);
    if (proofOn) hintReason(v, r);
    const size = reasonSize(r);
    const at = reasonAt(r);
    for (let k = 1; k < size; k++) {
      const q = load<i32>(at + (<usize>k << 2));
      const w = q >> 1;
      if (unchecked(seen[w])) continue;
      if (unchecked(level[w]) == 0) {
        if (proofOn) hintVariable(w);
        continue;
      }
      if (unchecked(reason[w]) != -1 && (levels & (1 << (unchecked(level[w]) & 31))) != 0) {
        unchecked((seen[w] = 1));
        unchecked((toClear[toClearLength++] = w));
        unchecked((stack[top++] = q));
        continue;
      }
      for (let i = mark; i < toClearLength; i++) unchecked((seen[toClear[i]] = 0));
      toClearLength = mark;
      if (proofOn) dropHints(hintMark);
      return false;
    }
  }
  return true;
}

/** 1-UIP analysis of conflict[0..conflictLength); fills learnt (asserting literal first); the backjump level. */
function analyze(): i32 {
  learntLength = 1;
  toClearLength = 0;
  let pathCount = 0;
  let r = -1;
  let fromConflict = true;
  let index = trailLength - 1;
  let p = -1;
  const current = decisionLevel;
  if (proofOn) {
    hintRound++;
    hintLine(conflictLine);
  }
  for (;;) {
    const size = fromConflict ? conflictLength : reasonSize(r);
    const at = fromConflict ? changetype<usize>(conflict) : reasonAt(r);
    for (let k = fromConflict ? 0 : 1; k < size; k++) {
      const q = load<i32>(at + (<usize>k << 2));
      const v = q >> 1;
      if (unchecked(seen[v])) continue;
      if (unchecked(level[v]) == 0) {
        if (proofOn) hintVariable(v);
        continue;
      }
      unchecked((seen[v] = 1));
      unchecked((toClear[toClearLength++] = v));
      bumpVariable(v);
      if (unchecked(level[v]) >= current) pathCount++;
      else unchecked((learnt[learntLength++] = q));
    }
    while (!unchecked(seen[trail[index] >> 1])) index--;
    p = unchecked(trail[index]);
    index--;
    pathCount--;
    if (pathCount <= 0) break;
    r = unchecked(reason[p >> 1]);
    if (proofOn) hintReason(p >> 1, r);
    fromConflict = false;
  }
  unchecked((learnt[0] = p ^ 1));
  let levels = 0;
  for (let i = 1; i < learntLength; i++) levels |= 1 << (unchecked(level[learnt[i] >> 1]) & 31);
  let j = 1;
  for (let i = 1; i < learntLength; i++) {
    const lit = unchecked(learnt[i]);
    if (unchecked(reason[lit >> 1]) == -1 || !redundant(lit, levels)) unchecked((learnt[j++] = lit));
  }
  learntLength = j;
  // Reason-side bumping: the variables of the learnt literals' reasons made the conflict possible.
  for (let i = 0; i < learntLength; i++) {
    const why = unchecked(reason[learnt[i] >> 1]);
    if (why == -1) continue;
    const size = reasonSize(why);
    const at = reasonAt(why);
    for (let k = 1; k < size; k++) {
      const w = load<i32>(at + (<usize>k << 2)) >> 1;
      if (!unchecked(seen[w]) && unchecked(level[w]) > 0) {
        unchecked((seen[w] = 1));
        unchecked((toClear[toClearLength++] = w));
        bumpVariable(w);
      }
    }
  }
  for (let i = 0; i < toClearLength; i++) unchecked((seen[toClear[i]] = 0));
  if (learntLength == 1) return 0;
  let best = 1;
  for (let i = 2; i < learntLength; i++) if (unchecked(level[learnt[i] >> 1]) > unchecked(level[learnt[best] >> 1])) best = i;
  const swap = unchecked(learnt[1]);
  unchecked((learnt[1] = learnt[best]));
  unchecked((learnt[best] = swap));
  return unchecked(level[learnt[1] >> 1]);
}

function learntLbd(): i32 {
  let n = 0;
  for (let i = 0; i < learntLength; i++) {
    const l = unchecked(level[learnt[i] >> 1]);
    if (!unchecked(levelSeen[l])) {
      unchecked((levelSeen[l] = 1));
      n++;
    }
  }
  for (let i = 0; i < learntLength; i++) unchecked((levelSeen[level[learnt[i] >> 1]] = 0));
  return n;
}

function cancelUntil(target: i32): void {
  if (decisionLevel <= target) return;
  const start = unchecked(levelStart[target]);
  for (let i = trailLength - 1; i >= start; i--) {
    const v = unchecked(trail[i]) >> 1;
    unchecked((phase[v] = assign[v]));
    unchecked((assign[v] = UNDEF));
    unchecked((litValue[2 * v] = UNDEF));
    unchecked((litValue[2 * v + 1] = UNDEF));
    const r = unchecked(reason[v]);
    if (r <= -2) {
      if (-r - 2 < poolTop) poolTop = -r - 2;
      if (proofOn) unchecked((reasonLine[v] = 0));
    }
    unchecked((reason[v] = -1));
    if (unchecked(heapIndex[v]) < 0) heapInsert(v);
  }
  trailLength = start;
  if (propagateHead > start) propagateHead = start;
  decisionLevel = target;
  theoryBacktrack(start);
}

/** Unit propagation and the theory, alternately, to a joint fixpoint; a conflict's literals in `conflict`. */
function propagateAll(): i32 {
  for (;;) {
    const c = propagateUnits();
    if (c >= 0) {
      conflictLength = unchecked(arena[c]);
      for (let k = 0; k < conflictLength; k++) unchecked((conflict[k] = arena[c + 2 + k]));
      if (proofOn) conflictLine = unchecked(arenaLine[c]);
      return THEORY_CONFLICT;
    }
    const before = trailLength;
    const answer = theoryPropagate();
    if (answer == THEORY_CONFLICT) {
      theoryConflicts++;
      if (proofOn) conflictLine = logTheory(conflict, conflictLength, conflictBy);
      return THEORY_CONFLICT;
    }
    if (answer == THEORY_MODEL) return THEORY_MODEL;
    if (trailLength == before) return THEORY_OK;
  }
  return THEORY_OK; // not reached: asc wants a return after the loop
}

function reduceLearnts(): void {
  // Keep the glue clauses (lbd <= GLUE_LBD), the locked ones and the better half of the rest by lbd, then size.
  // Sorted in a scratch array kept from one reduction to the next (no collector frees a new one), by the
  // sort Array#sort runs.
  if (learntOrder.length < learntCount) learntOrder = new StaticArray<i32>(learntCount * 2);
  const order = learntOrder;
  for (let i = 0; i < learntCount; i++) unchecked((order[i] = learnts[i]));
  SORT<i32>(changetype<usize>(order), learntCount, (a: i32, b: i32): i32 => {
    const d = (unchecked(arena[a + 1]) >> 2) - (unchecked(arena[b + 1]) >> 2);
    return d != 0 ? d : unchecked(arena[a]) - unchecked(arena[b]);
  });
  const half = learntCount >> 1;
  let kept = 0;
  for (let i = 0; i < learntCount; i++) {
    const c = unchecked(order[i]);
    const v = unchecked(arena[c + 2]) >> 1;
    const locked = unchecked(reason[v]) == c && unchecked(assign[v]) != UNDEF;
    if (i < half || unchecked(arena[c + 1]) >> 2 <= GLUE_LBD || locked) unchecked((learnts[kept++] = c));
    else {
      unchecked((arena[c + 1] |= DELETED));
      deletedClauses++;
    }
  }
  learntCount = kept;
  for (let lit = 0; lit < 2 * variables; lit++) {
    const at = unchecked(watchStart[lit]);
    const n = unchecked(watchLength[lit]);
    let j = 0;
    for (let i = at; i < at + n; i += 2) {
      if (unchecked(arena[watchPool[i] + 1]) & DELETED) continue;
      unchecked((watchPool[at + j++] = watchPool[i]));
      unchecked((watchPool[at + j++] = watchPool[i + 1]));
    }
    unchecked((watchLength[lit] = j));
  }
}

function average(lbd: i32): void {
  averagedConflicts++;
  const start = 1.0 / <f64>averagedConflicts;
  fastLbd += max(FAST_LBD, start) * (<f64>lbd - fastLbd);
  slowLbd += max(SLOW_LBD, start) * (<f64>lbd - slowLbd);
  trailAverage += max(TRAIL_AVERAGE, start) * (<f64>trailLength - trailAverage);
}

function rephase(): void {
  const kind = rephases++ % 4;
  for (let v = 0; v < variables; v++) {
    if (kind == 1) unchecked((phase[v] = 0));
    else if (kind == 3) unchecked((phase[v] = nextRandom() < 0.5 ? 1 : 0));
    else if (bestTrail > 0) unchecked((phase[v] = bestPhase[v]));
  }
  bestTrail = 0;
  nextRephase = conflicts + REPHASE_INTERVAL * (rephases + 1);
}

function pickBranchVariable(): i32 {
  if (nextRandom() < RANDOM_DECISIONS && heapSize > 0) {
    const v = unchecked(heap[<i32>Math.floor(nextRandom() * <f64>heapSize)]);
    if (unchecked(assign[v]) == UNDEF) return v;
  }
  while (heapSize > 0) {
    const v = heapPop();
    if (unchecked(assign[v]) == UNDEF) return v;
  }
  return -1;
}

/** Searches on from the current state: SAT (assign holds a model), UNSAT, TIMEOUT or BUDGET (budget < 0: none). */
export function solve(deadline: f64, budget: f64): i32 {
  if (unsatAtRoot) {
    if (proofOn && !proofEnded) {
      const from = hintsTop;
      hintLine(rootLine);
      logEmpty(from);
    }
    return UNSAT;
  }
  const stopAt = budget < 0 ? f64.MAX_VALUE : <f64>conflicts + budget;
  conflictsAtRestart = conflicts;
  for (;;) {
    const answer = propagateAll();
    if (answer == THEORY_MODEL) return SAT;
    if (answer == THEORY_CONFLICT) {
      conflicts++;
      let top = 0;
      for (let k = 0; k < conflictLength; k++) {
        const l = unchecked(level[conflict[k] >> 1]);
        if (l > top) top = l;
      }
      if (top == 0) {
        unsatAtRoot = true;
        if (proofOn && !proofEnded) {
          // The empty clause rests on the conflict's clause and the derivations of its edges.
          const from = hintsTop;
          hintRound++;
          hintLine(conflictLine);
          for (let k = 0; k < conflictLength; k++) hintVariable(unchecked(conflict[k]) >> 1);
          logEmpty(from);
        }
        return UNSAT;
      }
      if (trailLength > bestTrail) {
        bestTrail = trailLength;
        for (let i = 0; i < trailLength; i++) {
          const lit = unchecked(trail[i]);
          unchecked((bestPhase[lit >> 1] = <u8>((lit & 1) ^ 1)));
        }
      }
      if (conflicts > BLOCK_AFTER_CONFLICTS && <f64>trailLength > BLOCK_MARGIN * trailAverage) conflictsAtRestart = conflicts;
      if (top < decisionLevel) cancelUntil(top);
      const hintsFrom = hintsTop;
      const back = analyze();
      let line = 0;
      if (proofOn) {
        line = logClause(PROOF_LEARNT, learnt, learntLength);
        // Its hints, gathered by analyze: only theory lemmas, which have none, were written meanwhile.
        unchecked((lineInfo[3 * line + 1] = hintsFrom));
        endHints(line);
      }
      const lbd = learntLength == 1 ? 1 : learntLbd();
      average(lbd);
      cancelUntil(back);
      if (learntLength == 1) {
        enqueue(unchecked(learnt[0]), -1);
        if (proofOn) unchecked((unitLine[learnt[0] >> 1] = line));
      } else {
        const c = attach(learnt, learntLength, true, lbd, line);
        learnedClauses++;
        enqueue(unchecked(learnt[0]), c);
      }
      activityIncrement /= ACTIVITY_DECAY;
      if ((conflicts & 255) == 0 && now() > deadline) return TIMEOUT;
      if (<f64>conflicts >= stopAt) return BUDGET;
      continue;
    }
    if (conflicts - conflictsAtRestart >= MIN_CONFLICTS_BETWEEN_RESTARTS && fastLbd > RESTART_MARGIN * slowLbd) {
      restarts++;
      conflictsAtRestart = conflicts;
      fastLbd = slowLbd;
      cancelUntil(0);
      if (conflicts >= nextRephase) rephase();
      continue;
    }
    if (learntCount > maxLearnts) {
      reduceLearnts();
      maxLearnts += LEARNT_LIMIT_STEP;
    }
    const next = pickBranchVariable();
    if (next < 0) return SAT;
    decisions++;
    if ((decisions & 1023) == 0 && now() > deadline) return TIMEOUT;
    unchecked((levelStart[decisionLevel++] = trailLength));
    enqueue(2 * next + (unchecked(phase[next]) ? 0 : 1), -1);
  }
  return UNSAT; // not reached: asc wants a return after the loop
}

// --- the single-loop theory (../loop-propagator.ts) ---

@inline function setEnd(v: i32, isEnd: bool): void {
  const at = unchecked(endIndex[v]);
  if (isEnd && at < 0) {
    unchecked((endIndex[v] = endCount));
    unchecked((ends[endCount++] = v));
  } else if (!isEnd && at >= 0) {
    const last = unchecked(ends[--endCount]);
    unchecked((ends[at] = last));
    unchecked((endIndex[last] = at));
    unchecked((endIndex[v] = -1));
  }
}

/** Logs v's path state for theoryBacktrack; the caller has made room (addOn: four vertices, 16 entries). */
@inline function remember(v: i32): void {
  unchecked((log[logTop++] = v));
  unchecked((log[logTop++] = partner[v]));
  unchecked((log[logTop++] = pathLength[v]));
  unchecked((log[logTop++] = degree[v]));
}

@inline function countCells(edge: i32, delta: i8): void {
  for (let k = 0; k < 2; k++) {
    const cell = unchecked(edgeCells[2 * edge + k]);
    if (cell < 0 || unchecked(clue[cell]) < 0) continue;
    if (unchecked(cellOn[cell]) != unchecked(clue[cell])) mismatch--;
    unchecked((cellOn[cell] += delta));
    if (unchecked(cellOn[cell]) != unchecked(clue[cell])) mismatch++;
  }
}

@inline function nextOn(v: i32, not: i32): i32 {
  for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
    const e = unchecked(vertexEdges[k]);
    if (e >= 0 && e != not && unchecked(onEdge[e])) return e;
  }
  return -1;
}

/** Appends off(e) to `out` for every on-edge of the path or cycle through v; the new length. */
function collectPath(v: i32, out: StaticArray<i32>, n: i32): i32 {
  let e = nextOn(v, -1);
  const firstEdge = e;
  while (e >= 0) {
    unchecked((out[n++] = 2 * e + 1));
    v = unchecked(edgeEnds[2 * e]) == v ? unchecked(edgeEnds[2 * e + 1]) : unchecked(edgeEnds[2 * e]);
    e = nextOn(v, e);
    if (e == firstEdge) break;
  }
  return n;
}

function witnessBeside(a: i32, b: i32): i32 {
  for (let i = 0; i < endCount; i++) {
    const z = unchecked(ends[i]);
    if (z != a && z != b) return nextOn(z, -1);
  }
  return -1;
}

/** Adds on-edge e (trail index `index`); true on a conflict (filled in `conflict`). */
function addOn(e: i32, index: i32): bool {
  const a = unchecked(edgeEnds[2 * e]);
  const b = unchecked(edgeEnds[2 * e + 1]);
  const da = unchecked(degree[a]);
  const db = unchecked(degree[b]);
  log = withRoom(log, logTop, 16);
  remember(a);
  remember(b);
  pathEpoch++;
  unchecked((onEdge[e] = 1));
  totalOn++;
  countCells(e, 1);
  unchecked((degree[a] = da + 1));
  unchecked((degree[b] = db + 1));
  if (da == 0 && db == 0) {
    unchecked((partner[a] = b));
    unchecked((partner[b] = a));
    unchecked((pathLength[a] = 1));
    unchecked((pathLength[b] = 1));
    setEnd(a, true);
    setEnd(b, true);
    return false;
  }
  if (da == 1 && db == 1 && unchecked(partner[a]) == b) {
    setEnd(a, false);
    setEnd(b, false);
    const length = unchecked(pathLength[a]) + 1;
    unchecked((partner[a] = -1));
    unchecked((partner[b] = -1));
    if (closedVertex >= 0 || totalOn > length) {
      const witness = closedVertex >= 0 ? nextOn(closedVertex, -1) : witnessBeside(a, b);
      conflictLength = collectPath(a, conflict, 0);
      unchecked((conflict[conflictLength++] = 2 * witness + 1));
      conflictBy = BY_CYCLE;
      return true;
    }
    closedVertex = a;
    closedAt = index;
    closedLength = length;
    return false;
  }
  const x = da == 1 ? unchecked(partner[a]) : a;
  const y = db == 1 ? unchecked(partner[b]) : b;
  const length = (da == 1 ? unchecked(pathLength[a]) : 0) + (db == 1 ? unchecked(pathLength[b]) : 0) + 1;
  if (x != a) remember(x);
  if (y != b) remember(y);
  if (da == 1) {
    setEnd(a, false);
    unchecked((partner[a] = -1));
  }
  if (db == 1) {
    setEnd(b, false);
    unchecked((partner[b] = -1));
  }
  unchecked((partner[x] = y));
  unchecked((partner[y] = x));
  unchecked((pathLength[x] = length));
  unchecked((pathLength[y] = length));
  setEnd(x, true);
  setEnd(y, true);
  return false;
}

@inline function edgeBetween(a: i32, b: i32): i32 {
  for (let k = a * vertexSlots, last = k + vertexSlots; k < last; k++) if (unchecked(vertexNeighbors[k]) == b) return unchecked(vertexEdges[k]);
  return -1;
}

function cluesMetIfClosedBy(e: i32): bool {
  let m = mismatch;
  for (let k = 0; k < 2; k++) {
    const cell = unchecked(edgeCells[2 * e + k]);
    if (cell < 0 || unchecked(clue[cell]) < 0) continue;
    const before = unchecked(cellOn[cell]) != unchecked(clue[cell]) ? 1 : 0;
    const after = unchecked(cellOn[cell]) + 1 != unchecked(clue[cell]) ? 1 : 0;
    m += after - before;
  }
  return m == 0;
}

function theoryPropagate(): i32 {
  while (head < trailLength) {
    const index = head++;
    const lit = unchecked(trail[index]);
    unchecked((logTopAt[index] = logTop));
    if (lit & 1) {
      unchecked((readEdge[index] = -1));
      continue;
    }
    unchecked((readEdge[index] = lit >> 1));
    if (addOn(lit >> 1, index)) return THEORY_CONFLICT;
  }
  if (closedVertex >= 0) {
    conflictBy = BY_CYCLE;
    if (totalOn > closedLength) {
      conflictLength = collectPath(closedVertex, conflict, 0);
      unchecked((conflict[conflictLength++] = 2 * witnessBeside(-1, -1) + 1));
      return THEORY_CONFLICT;
    }
    if (mismatch > 0) {
      conflictLength = collectPath(closedVertex, conflict, 0);
      return THEORY_CONFLICT;
    }
    return THEORY_MODEL;
  }
  const trailBefore = trailLength;
  const closing = closingCheckedAt != pathEpoch;
  closingCheckedAt = pathEpoch;
  for (let i = 0; closing && i < endCount; i++) {
    const x = unchecked(ends[i]);
    const y = unchecked(partner[x]);
    if (y < x) continue;
    const e = edgeBetween(x, y);
    if (e < 0 || value(2 * e) != UNDEF) continue;
    let witness = -1;
    if (totalOn > unchecked(pathLength[x])) witness = witnessBeside(x, y);
    else if (!cluesMetIfClosedBy(e)) witness = -2;
    if (witness == -1) continue;
    becauseLength = collectPath(x, because, 0);
    if (witness >= 0) unchecked((because[becauseLength++] = 2 * witness + 1));
    imply(2 * e + 1, becauseLength, BY_CYCLE);
  }
  if (connectivity == CONNECTIVITY_OFF || trailLength != trailBefore || totalOn == 0) return THEORY_OK;
  // After a walk that found nothing, skip a growing number of fixpoints (as ../loop-propagator.ts does).
  if (skipLeft > 0) {
    skipLeft--;
    return THEORY_OK;
  }
  const answer = propagateConnectivity();
  skip = answer != THEORY_OK || trailLength != trailBefore ? 0 : min(2 * skip + 1, MAX_SKIP);
  skipLeft = skip;
  return answer;
}

/** on(e) for every off-edge leading out of component `id` (vertices walk[componentStart[id]..end)), appended to `out` from `n`. */
function pushCut(id: i32, end: i32, out: StaticArray<i32>, n: i32): i32 {
  for (let i = unchecked(componentStart[id]); i < end; i++) {
    const v = unchecked(walk[i]);
    for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
      const e = unchecked(vertexEdges[k]);
      if (e < 0 || value(2 * e) != 0) continue;
      if (unchecked(component[across(e, v)]) != id) unchecked((out[n++] = 2 * e));
    }
  }
  return n;
}

/** The other end of edge `e` from vertex `v`. */
@inline function across(e: i32, v: i32): i32 {
  const a = unchecked(edgeEnds[2 * e]);
  return a == v ? unchecked(edgeEnds[2 * e + 1]) : a;
}

/**
 * Components of the graph of edges not off. Two components holding on-edges: a conflict (the cut around
 * one of them is all off). A component without on-edges: its edges are off (the loop cannot reach them),
 * all for one reason, stored once. With blocks, the component of the first on-edge is walked depth first
 * from that edge, for propagateBlocks.
 */
function propagateConnectivity(): i32 {
  memory.fill(changetype<usize>(component), 0xff, <usize>vertexCount << 2); // -1 for every vertex
  let visited = 0;
  let components = 0;
  let withOn = -1;
  let witness = -1;
  const blocks = connectivity == CONNECTIVITY_BLOCKS && blockSkipLeft == 0;
  if (connectivity == CONNECTIVITY_BLOCKS && !blocks) blockSkipLeft--;
  if (blocks) {
    witness = firstOnEdge();
    visited = depthFirst(witness);
    unchecked((componentStart[0] = 0));
    unchecked((componentOn[0] = witness));
    withOn = 0;
    components = 1;
  }
  for (let start = 0; start < vertexCount; start++) {
    if (unchecked(component[start]) >= 0) continue;
    const id = components++;
    unchecked((componentStart[id] = visited));
    unchecked((component[start] = id));
    unchecked((walk[visited++] = start));
    let onHere = -1;
    let undecided = false;
    for (let next = unchecked(componentStart[id]); next < visited; next++) {
      const v = unchecked(walk[next]);
      for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
        const e = unchecked(vertexEdges[k]);
        if (e < 0) continue;
        const val = value(2 * e);
        if (val == 0) continue;
        if (val == 1) onHere = e;
        else undecided = true;
        const w = unchecked(vertexNeighbors[k]);
        if (unchecked(component[w]) < 0) {
          unchecked((component[w] = id));
          unchecked((walk[visited++] = w));
        }
      }
    }
    unchecked((componentOn[id] = onHere));
    unchecked((componentOpen[id] = undecided ? 1 : 0));
    if (onHere >= 0) {
      if (withOn >= 0) {
        // Either cut separates the two groups: the shorter one makes the shorter learnt clause.
        const here = pushCut(id, visited, conflict, 0);
        const there = pushCut(withOn, unchecked(componentStart[withOn + 1]), because, 0);
        if (there < here) {
          for (let i = 0; i < there; i++) unchecked((conflict[i] = because[i]));
          conflictLength = there;
        } else conflictLength = here;
        unchecked((conflict[conflictLength++] = 2 * onHere + 1));
        unchecked((conflict[conflictLength++] = 2 * witness + 1));
        conflictBy = BY_CUT;
        return THEORY_CONFLICT;
      }
      withOn = id;
      witness = onHere;
    }
  }
  unchecked((componentStart[components] = visited));
  for (let id = 0; id < components; id++) {
    if (unchecked(componentOn[id]) >= 0 || !unchecked(componentOpen[id])) continue;
    const cutLength = pushCut(id, unchecked(componentStart[id + 1]), because, 0);
    unchecked((because[cutLength] = 2 * witness + 1));
    fenceOff(unchecked(componentStart[id]), unchecked(componentStart[id + 1]), -1, cutLength + 1);
  }
  if (!blocks) return THEORY_OK;
  const before = trailLength;
  const answer = propagateBlocks(witness, unchecked(componentStart[1]));
  blockSkip = answer != THEORY_OK || trailLength != before ? 0 : min(2 * blockSkip + 1, MAX_BLOCK_SKIP);
  blockSkipLeft = blockSkip;
  return answer;
}

/**
 * Every undecided edge touching walk[from..to) off, for the one reason because[0..n), stored once. Each edge
 * once: an edge between two of those vertices from its first end, an edge to `besides` from its other end
 * (no other edge not off leaves them).
 */
function fenceOff(from: i32, to: i32, besides: i32, n: i32): void {
  let shared = 0;
  for (let i = from; i < to; i++) {
    const v = unchecked(walk[i]);
    for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
      const e = unchecked(vertexEdges[k]);
      if (e < 0 || value(2 * e) != UNDEF) continue;
      if (across(e, v) != besides && unchecked(edgeEnds[2 * e]) != v) continue;
      if (shared == 0) {
        imply(2 * e + 1, n, besides);
        shared = unchecked(reason[e]);
      } else {
        theoryPropagations++;
        enqueue(2 * e + 1, shared);
        if (proofOn && decisionLevel == 0) logReason(e);
      }
    }
  }
}

/** The on-edge read first from the trail (the theory has read at least one). */
function firstOnEdge(): i32 {
  for (let i = 0; i < head; i++) {
    const e = unchecked(readEdge[i]);
    if (e >= 0) return e;
  }
  return -1; // not reached: propagateConnectivity runs only with an on-edge
}

/**
 * Tarjan's depth-first search over edges not off, as component 0, from one end r of `first` with `first`
 * the first tree edge: afterwards walk[0..n) lists the component in preorder, r's subtrees are its blocks
 * at r, and the subtree of the other end holds the block of `first`. Returns n.
 */
function depthFirst(first: i32): i32 {
  const r = unchecked(edgeEnds[2 * first]);
  const s = unchecked(edgeEnds[2 * first + 1]);
  let visited = 0;
  let top = 0;
  for (let i = 0; i < 2; i++) {
    const v = i == 0 ? r : s;
    unchecked((component[v] = 0));
    unchecked((preorder[v] = visited));
    unchecked((lowest[v] = visited));
    unchecked((walk[visited++] = v));
    unchecked((treeParent[v] = i == 0 ? -1 : r));
    unchecked((treeEdge[v] = i == 0 ? -1 : first));
    unchecked((nextSlot[v] = 0));
    unchecked((dfsStack[top++] = v));
  }
  while (top > 0) {
    // v's edges from the next one not looked at, up to the first that leads to a new vertex.
    const v = unchecked(dfsStack[top - 1]);
    const tree = unchecked(treeEdge[v]);
    let k = unchecked(nextSlot[v]);
    let low = unchecked(lowest[v]);
    let descended = false;
    while (k < vertexSlots) {
      const e = unchecked(vertexEdges[v * vertexSlots + k]);
      const w = unchecked(vertexNeighbors[v * vertexSlots + k]);
      k++;
      if (e < 0 || e == tree || value(2 * e) == 0) continue;
      if (unchecked(component[w]) < 0) {
        unchecked((component[w] = 0));
        unchecked((preorder[w] = visited));
        unchecked((lowest[w] = visited));
        unchecked((walk[visited++] = w));
        unchecked((treeParent[w] = v));
        unchecked((treeEdge[w] = e));
        unchecked((nextSlot[w] = 0));
        unchecked((dfsStack[top++] = w));
        descended = true;
        break;
      }
      const at = unchecked(preorder[w]);
      if (at < low) low = at;
    }
    unchecked((nextSlot[v] = k));
    unchecked((lowest[v] = low));
    if (descended) continue;
    top--;
    unchecked((subtreeEnd[v] = visited));
    const p = unchecked(treeParent[v]);
    if (p >= 0 && low < unchecked(lowest[p])) unchecked((lowest[p] = low));
  }
  return visited;
}

/** on(e) for every off-edge from the subtree walk[from..to) to a vertex outside it other than `besides`, appended to `out` from `n`. */
function pushSubtreeCut(from: i32, to: i32, besides: i32, out: StaticArray<i32>, n: i32): i32 {
  for (let i = from; i < to; i++) {
    const v = unchecked(walk[i]);
    for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
      const e = unchecked(vertexEdges[k]);
      if (e < 0 || value(2 * e) != 0) continue;
      const w = across(e, v);
      if (w == besides) continue;
      const at = unchecked(preorder[w]);
      if (unchecked(component[w]) != 0 || at < from || at >= to) unchecked((out[n++] = 2 * e));
    }
  }
  return n;
}

/**
 * The block rule: a loop is a cycle, so it lies inside one block (biconnected piece) of the graph of edges
 * not off, the block of `first`. If `first` is a bridge (its far subtree has no other way back), a conflict.
 * A subtree hanging from vertex p with no back edge above p is reached from the rest only through p, so a
 * loop entering it would have both its edges at p there and could not hold `first`: an on-edge touching the
 * subtree is a conflict, else its edges are off. Reason: the subtree's cut, edges to p left out, and first.
 */
function propagateBlocks(first: i32, n: i32): i32 {
  const s = unchecked(walk[1]);
  if (unchecked(lowest[s]) > 0) {
    conflictLength = pushSubtreeCut(1, unchecked(subtreeEnd[s]), -1, conflict, 0);
    unchecked((conflict[conflictLength++] = 2 * first + 1));
    conflictBy = BY_CUT;
    return THEORY_CONFLICT;
  }
  unchecked((onBefore[0] = 0));
  for (let i = 0; i < n; i++) unchecked((onBefore[i + 1] = onBefore[i] + (degree[walk[i]] > 0 ? 1 : 0)));
  let i = 2;
  while (i < n) {
    const c = unchecked(walk[i]);
    const p = unchecked(treeParent[c]);
    const end = unchecked(subtreeEnd[c]);
    if (unchecked(lowest[c]) < unchecked(preorder[p])) {
      i++;
      continue;
    }
    if (unchecked(onBefore[end]) > unchecked(onBefore[i])) {
      let inside = -1;
      for (let j = i; j < end && inside < 0; j++) {
        const v = unchecked(walk[j]);
        if (unchecked(degree[v]) > 0) inside = nextOn(v, -1);
      }
      conflictLength = pushSubtreeCut(i, end, p, conflict, 0);
      unchecked((conflict[conflictLength++] = 2 * inside + 1));
      unchecked((conflict[conflictLength++] = 2 * first + 1));
      conflictBy = p;
      return THEORY_CONFLICT;
    }
    const cutLength = pushSubtreeCut(i, end, p, because, 0);
    unchecked((because[cutLength] = 2 * first + 1));
    fenceOff(i, end, p, cutLength + 1);
    i = end;
  }
  return THEORY_OK;
}

function theoryBacktrack(length: i32): void {
  if (head > length) pathEpoch++;
  while (head > length) {
    const index = --head;
    const e = unchecked(readEdge[index]);
    if (e < 0) continue;
    const stop = unchecked(logTopAt[index]);
    while (logTop > stop) {
      logTop -= 4;
      const v = unchecked(log[logTop]);
      unchecked((partner[v] = log[logTop + 1]));
      unchecked((pathLength[v] = log[logTop + 2]));
      unchecked((degree[v] = log[logTop + 3]));
      setEnd(v, unchecked(degree[v]) == 1);
    }
    unchecked((onEdge[e] = 0));
    totalOn--;
    countCells(e, -1);
    if (closedAt == index) {
      closedVertex = -1;
      closedAt = -1;
    }
  }
}

// --- the proof log ---

/** From now on every step beyond the base clauses goes into the proof (call after setupGrid, before the clauses). */
export function startProof(): void {
  proofOn = true;
  proof = unzeroed(max(1 << 12, edgeCount * 16));
  proofTop = 0;
  reasonLine = new StaticArray<i32>(edgeCount);
  lineInfo = unzeroed(1 << 12);
  hints = unzeroed(1 << 12);
  hintStamp = new StaticArray<i32>(edgeCount);
  arenaLine = unzeroed(arena.length);
  unitLine = new StaticArray<i32>(edgeCount);
  lemma = new StaticArray<i32>(edgeCount + 2);
  cutEdge = new StaticArray<u8>(edgeCount);
  cutVertex = new StaticArray<u8>(vertexCount);
  cutWalk = new StaticArray<i32>(vertexCount);
}

/** The records written since the last drainProof: proofLength() integers at proofPointer(). */
export function proofPointer(): usize { return changetype<usize>(proof); }
export function proofLength(): i32 { return proofTop; }
/** The binding has read the records: the buffer starts again from its beginning. */
export function drainProof(): void { proofTop = 0; }
/** The records themselves, for auto's core, which writes them as text (encodings/wasm/proof-text.ts). */
export function proofRecords(): StaticArray<i32> { return proof; }

/** A new line, its record starting here and no hints yet; its number. */
function newLine(): i32 {
  const line = ++lineCount;
  lineInfo = withRoom(lineInfo, 3 * line, 3);
  unchecked((lineInfo[3 * line] = proofTop));
  unchecked((lineInfo[3 * line + 1] = hintsTop));
  unchecked((lineInfo[3 * line + 2] = hintsTop));
  return line;
}

/** The hints written since the line's first are its own. */
@inline function endHints(line: i32): void {
  unchecked((lineInfo[3 * line + 2] = hintsTop));
}

/** A hint: the line being written rests on line `line` (nothing for 0, a puzzle rule). */
function hintLine(line: i32): void {
  if (line == 0) return;
  hints = withRoom(hints, hintsTop, 1);
  unchecked((hints[hintsTop++] = line));
}

/** A hint: the line being written reads level-0 edge v (once per hint round). */
function hintVariable(v: i32): void {
  if (unchecked(hintStamp[v]) == hintRound) return;
  unchecked((hintStamp[v] = hintRound));
  hints = withRoom(hints, hintsTop, 1);
  unchecked((hints[hintsTop++] = -(v + 1)));
}

/** Conflict analysis resolved on v with its reason r (a clause, or a theory reason, written now if it is not yet). */
function hintReason(v: i32, r: i32): void {
  if (r >= 0) hintLine(unchecked(arenaLine[r]));
  else if (r < -1) {
    logReason(v);
    hintLine(unchecked(reasonLine[v]));
  }
}

/** The hints from `from` on taken back (a minimisation that failed), their edges hintable again. */
function dropHints(from: i32): void {
  for (let i = from; i < hintsTop; i++) {
    const h = unchecked(hints[i]);
    if (h < 0) unchecked((hintStamp[-h - 1] = 0));
  }
  hintsTop = from;
}

/** `a` copied into an array of `n` entries (n at least its length). */
function grownTo(a: StaticArray<i32>, n: i32): StaticArray<i32> {
  const bigger = unzeroed(n);
  memory.copy(changetype<usize>(bigger), changetype<usize>(a), <usize>a.length << 2);
  return bigger;
}

/** A record of `kind` with the clause lits[0..n): a new line; its number. */
function logClause(kind: i32, lits: StaticArray<i32>, n: i32): i32 {
  const line = newLine();
  proof = withRoom(proof, proofTop, n + 2);
  unchecked((proof[proofTop++] = kind));
  unchecked((proof[proofTop++] = n));
  for (let i = 0; i < n; i++) unchecked((proof[proofTop++] = lits[i]));
  return line;
}

/** The empty clause, its hints those written from `hintsFrom` on (before it), then the proof trimmed to what it needs. */
function logEmpty(hintsFrom: i32): void {
  proofEnded = true;
  const line = newLine();
  proof = withRoom(proof, proofTop, 2);
  unchecked((proof[proofTop++] = PROOF_EMPTY));
  unchecked((proof[proofTop++] = 0));
  unchecked((lineInfo[3 * line + 1] = hintsFrom));
  trimProof(line);
}

/**
 * A theory clause lits[0..n) as a lemma: a cycle lemma, or a cut lemma with its vertex set S found here. Every
 * cut clause of the theory holds +e for each edge e leaving a vertex set (all off), -a for an edge a inside it
 * and -b for an edge outside, or (the block rule's bridge) -f for the one edge f leaving it that is not off;
 * with a hinge vertex p the set is cut off from the rest but for p. S is the set reached from an end of the
 * clause's first negated edge without crossing a positive literal's edge, the bridge f, or p.
 */
function logTheory(lits: StaticArray<i32>, n: i32, by: i32): i32 {
  if (by == BY_CYCLE) return logClause(PROOF_CYCLE, lits, n);
  let first = -1;
  let negatives = 0;
  for (let i = 0; i < n; i++) {
    const lit = unchecked(lits[i]);
    if (lit & 1) {
      if (first < 0) first = lit >> 1;
      negatives++;
    } else unchecked((cutEdge[lit >> 1] = 1));
  }
  const bridge = negatives == 1 ? first : -1;
  let start = unchecked(edgeEnds[2 * first + 1]);
  if (start == by) start = unchecked(edgeEnds[2 * first]);
  unchecked((cutVertex[start] = 1));
  unchecked((cutWalk[0] = start));
  let m = 1;
  for (let next = 0; next < m; next++) {
    const v = unchecked(cutWalk[next]);
    for (let k = v * vertexSlots, last = k + vertexSlots; k < last; k++) {
      const e = unchecked(vertexEdges[k]);
      if (e < 0 || e == bridge || unchecked(cutEdge[e])) continue;
      const w = unchecked(vertexNeighbors[k]);
      if (w == by || unchecked(cutVertex[w])) continue;
      unchecked((cutVertex[w] = 1));
      unchecked((cutWalk[m++] = w));
    }
  }
  for (let i = 0; i < n; i++) unchecked((cutEdge[lits[i] >> 1] = 0));
  const line = logClause(PROOF_CUT, lits, n);
  proof = withRoom(proof, proofTop, m + 2);
  unchecked((proof[proofTop++] = by));
  unchecked((proof[proofTop++] = m));
  for (let i = 0; i < m; i++) {
    const v = unchecked(cutWalk[i]);
    unchecked((cutVertex[v] = 0));
    unchecked((proof[proofTop++] = v));
  }
  return line;
}

/** The theory reason of variable v (a pool entry: its literals after the implied one, then the justification) as a lemma, once. */
function logReason(v: i32): void {
  if (unchecked(reasonLine[v])) return;
  const at = -unchecked(reason[v]) - 2;
  const n = unchecked(pool[at]);
  unchecked((lemma[0] = 2 * v + (unchecked(assign[v]) == 1 ? 0 : 1)));
  for (let i = 1; i < n; i++) unchecked((lemma[i] = pool[at + 1 + i]));
  unchecked((reasonLine[v] = logTheory(lemma, n, unchecked(pool[at + 1 + n]))));
}

/**
 * The lines the empty clause (line `empty`) needs, marked back from it through their hints (a level-0 edge
 * hinted: the line that set it and, through its reason's other edges, theirs), and only they kept in the
 * records, in order, with the blocking clause. No deletion is written: the checker's clauses are then these.
 */
function trimProof(empty: i32): void {
  const marked = new StaticArray<u8>(lineCount + 1);
  const edgeDone = new StaticArray<u8>(edgeCount);
  const edges = new StaticArray<i32>(edgeCount);
  unchecked((marked[empty] = 1));
  for (let line = empty; line > 0; line--) {
    if (!unchecked(marked[line])) continue;
    for (let i = unchecked(lineInfo[3 * line + 1]), end = unchecked(lineInfo[3 * line + 2]); i < end; i++) {
      const h = unchecked(hints[i]);
      if (h > 0) {
        unchecked((marked[h] = 1));
        continue;
      }
      // A level-0 edge: what set it, and the edges its reason read, back to the units.
      if (unchecked(edgeDone[-h - 1])) continue;
      unchecked((edgeDone[-h - 1] = 1));
      let top = 0;
      unchecked((edges[top++] = -h - 1));
      while (top > 0) {
        const v = unchecked(edges[--top]);
        const r = unchecked(reason[v]);
        const by = r >= 0 ? unchecked(arenaLine[r]) : r < -1 ? unchecked(reasonLine[v]) : unchecked(unitLine[v]);
        if (by > 0) unchecked((marked[by] = 1));
        if (r == -1) continue;
        const size = reasonSize(r);
        const at = reasonAt(r);
        // The implied literal first, as conflict analysis reads a reason.
        for (let k = 1; k < size; k++) {
          const w = load<i32>(at + (<usize>k << 2)) >> 1;
          if (unchecked(edgeDone[w])) continue;
          unchecked((edgeDone[w] = 1));
          unchecked((edges[top++] = w));
        }
      }
    }
  }
  let kept = 0;
  for (let line = 1; line <= empty; line++) {
    const from = unchecked(lineInfo[3 * line]);
    const to = line < lineCount ? unchecked(lineInfo[3 * line + 3]) : proofTop;
    const kind = unchecked(proof[from]);
    if (!unchecked(marked[line]) && kind != PROOF_BLOCKING) continue;
    memory.copy(changetype<usize>(proof) + (<usize>kept << 2), changetype<usize>(proof) + (<usize>from << 2), <usize>(to - from) << 2);
    kept += to - from;
  }
  proofTop = kept;
}
