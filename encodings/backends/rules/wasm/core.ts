// The rules solver of Liu, Wu and Sun compiled to WebAssembly (AssemblyScript): the same state, rules, trial
// and search as state.ts, propagation.ts, trial.ts and search.ts, step for step. Why: a fresh process runs
// JavaScript in V8's interpreter for the first milliseconds, while wasm is compiled at once by the baseline
// compiler, so the first solve in a process runs at nearly warm speed. The TypeScript files stay the
// reference; test/encodings/backends/rules/wasm/binding.test.ts checks that both give the same solutions,
// levels and stats.
//
// Contradictions are return values here (wasm has no cheap exceptions): `false` wherever the TypeScript
// throws, returned at the same point, so that the undo trail and the state match the reference exactly.
// The grid's tables are filled here by encodings/wasm/grid.ts, with encodings/grid.ts's numbering (a test
// compares them).
// The puzzle's graph (its counts, tables and clues), held where the cdcl core holds it too. The square grid's corner
// rules and pattern tables hold only there (square false: any planar graph, counted rules only).
import { allocateGraph, cellCount, cellEdges, cellSlots, clues, edgeCells, edgeCount, edgeEnds, fillSquareGrid, gridEdgeCount, gridVertexCount, square, vertexCount, vertexEdges, vertexSlots } from '../../../wasm/grid';
export { cellEdgesPointer, cluesPointer, edgeCellsPointer, edgeEndsPointer, vertexEdgesPointer } from '../../../wasm/grid';
import * as abi from './abi';
import { CONTRADICTION, CONTRADICTION_IN_TRIAL, NO_LEVEL, PRESOLVED, SEARCH_LEVEL, SOLVED, TIMEOUT, TRIAL_STOPPED, UNSAT } from './abi';
import { STAT_BY_CELL, STAT_BY_GUESS, STAT_BY_LOOP, STAT_BY_TRIAL, STAT_BY_VERTEX, STAT_CORNER_UPDATES, STAT_MAX_DEPTH, STAT_NODES, STAT_SLOTS } from './abi';
import { PROOF_CYCLE, PROOF_EMPTY, PROOF_LEARNT, PROOF_RULE, PROOF_RULE_MAX_OPEN_EDGES as RULE_MAX_OPEN } from '../../../wasm/proof-records';

@external("env", "now")
declare function now(): f64;

// Edge states (abi.ts), as the bytes of the state array.
const UNKNOWN = <u8>abi.UNKNOWN;
const LINE = <u8>abi.LINE;
const CROSS = <u8>abi.CROSS;

// Rule families (RuleFamily in state.ts), numbered as the slots of their counters in `stats`.
const F_VERTEX = STAT_BY_VERTEX;
const F_CELL = STAT_BY_CELL;
const F_LOOP = STAT_BY_LOOP;
const F_TRIAL = STAT_BY_TRIAL;
const F_GUESS = STAT_BY_GUESS;

// Undo trail kinds (TrailKind in state.ts).
const T_EDGE = 0;
const T_CORNER = 1;
const T_PARTNER = 2;
const T_LENGTH = 3;
const T_UNION = 4;
const T_SPLICE = 5;

const POPCOUNT: StaticArray<i32> = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
const CORNER_SLOTS: StaticArray<i32> = [0, 2, 0, 3, 1, 2, 1, 3];
const CORNER_BIT = new StaticArray<i32>(64);
// UNIT_MASKS: the allowed assignments of unit kind k (0..4 a clue, 5 a vertex) at UNIT_START[k]..UNIT_START[k+1].
const UNIT_MASKS = new StaticArray<i32>(96);
const UNIT_START = new StaticArray<i32>(7);
const SETTLE = new StaticArray<u8>(6 * 256);
const BROKEN = <u8>3;
/**
 * CORNER_STEP: for a corner's allowed counts (3 bits) and its two slots' states (2 bits each, first slot high),
 * what unit propagation over its clauses does: the state (low 2 bits) one open slot takes (STEP_SECOND: the
 * second), or STEP_CONFLICT; from bit 4 up, the forbidden counts it used (as localConflict's countsUsed). 0: nothing.
 */
const CORNER_STEP = new StaticArray<u8>(8 * 16);
const STEP_SECOND = 4;
const STEP_CONFLICT = 8;

function buildTables(): void {
  for (let mask = 0; mask < 16; mask++) {
    for (let q = 0; q < 4; q++) {
      const a = (mask >> CORNER_SLOTS[q * 2]) & 1;
      const b = (mask >> CORNER_SLOTS[q * 2 + 1]) & 1;
      CORNER_BIT[mask * 4 + q] = 1 << (a + b);
    }
  }
  let n = 0;
  for (let k = 0; k < 6; k++) {
    UNIT_START[k] = n;
    for (let mask = 0; mask < 16; mask++) {
      const p = POPCOUNT[mask];
      if (k == 5 ? p == 0 || p == 2 : p == k) UNIT_MASKS[n++] = mask;
    }
  }
  UNIT_START[6] = n;
  // SETTLE: for unit kind k and its four edges' values (2 bits each, as the edge states: a missing edge off),
  // what its count decides of the open ones: LINE, CROSS, UNKNOWN (nothing), or BROKEN (no count is left).
  for (let k = 0; k < 6; k++) {
    for (let code = 0; code < 256; code++) {
      let on = 0;
      let open = 0;
      for (let i = 0; i < 4; i++) {
        const v = (code >> (2 * i)) & 3;
        if (v == LINE) on++;
        else if (v == UNKNOWN) open++;
      }
      SETTLE[k * 256 + code] = countSettles(on, open, countsOf(k));
    }
  }
  for (let mask = 0; mask < 8; mask++) {
    for (let si = 0; si < 3; si++) {
      for (let sj = 0; sj < 3; sj++) {
        // Slot values: 1 on, 0 off, -1 open.
        const vi = si == UNKNOWN ? -1 : si == LINE ? 1 : 0;
        const vj = sj == UNKNOWN ? -1 : sj == LINE ? 1 : 0;
        let step = 0;
        if (vi >= 0 && vj >= 0) {
          if (!((mask >> (vi + vj)) & 1)) step = STEP_CONFLICT | (1 << (4 + vi + vj));
        } else if (vi >= 0 || vj >= 0) {
          const known = vi >= 0 ? vi : vj;
          const offOk = (mask >> known) & 1;
          const onOk = (mask >> (known + 1)) & 1;
          if (!offOk) step |= 1 << (4 + known);
          if (!onOk) step |= 1 << (4 + known + 1);
          if (!offOk && !onOk) step |= STEP_CONFLICT;
          else if (!offOk || !onOk) step |= (onOk ? <i32>LINE : <i32>CROSS) | (vi >= 0 ? STEP_SECOND : 0);
        }
        CORNER_STEP[(mask << 4) | (si << 2) | sj] = <u8>step;
      }
    }
  }
}
buildTables();

let state = new StaticArray<u8>(0);
let corner = new StaticArray<u8>(0);
let cellCorners = new StaticArray<i32>(0);
// Corners of any other grid: two edges that follow each other around a face meet at a vertex, and a corner's
// byte is the set of line counts (0, 1, 2) its pair may hold, as the square's E(C). Each face's corners follow
// its edges (faceCorners: between slot i and i + 1); each vertex's edges are kept in turn around it (vertexRing),
// with the corner between ring slot i and i + 1 (ringCorners, -1 where the outside lies between them).
let cornerVertex = new StaticArray<i32>(0);
let cornerFace = new StaticArray<i32>(0);
let faceCorners = new StaticArray<i32>(0);
let vertexRing = new StaticArray<i32>(0);
let ringCorners = new StaticArray<i32>(0);
// The ring search's scratch: reachable line counts (bit k: k lines) forward and backward, per slot and value.
let forward = new StaticArray<i32>(0);
let backward = new StaticArray<i32>(0);
let ringEdges = new StaticArray<i32>(0);
let ringPairs = new StaticArray<i32>(0);
let pairSeen = new StaticArray<i32>(0);
// The ring unit being deduced, which its own changes do not enqueue, and how many edges it set.
let ringSelf = -1;
let ringSets = 0;
let cluedCells = new StaticArray<i32>(0);
let cluedCount = 0;
let degree = new StaticArray<u8>(0);
let partner = new StaticArray<i32>(0);
let segmentLength = new StaticArray<i32>(0);
let queue = new StaticArray<i32>(0);
let queued = new StaticArray<u8>(0);
let head = 0;
let tail = 0;
let parityQueue = new StaticArray<i32>(0);
let parityQueued = new StaticArray<u8>(0);
let parityHead = 0;
let parityTail = 0;
let useCorners = false;
let lines = 0;
let unknowns = 0;
let family = F_VERTEX;
// The undo trail: [kind, index, old value] triples, in a buffer that only grows (no bounds checks per push).
let trail = new StaticArray<i32>(1024);
let trailLength = 0;
let solutions = new StaticArray<u8>(0);
let solutionCount = 0;
let timedOut = false;
// Trial's scratch arrays.
let mark0 = new StaticArray<i32>(0);
let valueInLine = new StaticArray<u8>(0);
let commonValue = new StaticArray<u8>(0);
let common = new Array<i32>();

// Stats, as RulesStats, by abi.ts's slots (STAT_BY_VERTEX ...); trial's probes put back what they counted.
const stats = new StaticArray<i32>(STAT_SLOTS);
const statsBeforeProbe = new StaticArray<i32>(STAT_SLOTS);
// Another grid's edge classes (Loopy's linedsf): edges known equal or opposite, in a union-find without path
// compression (so a merge is undone from the trail) and each class a cycle through classNext, walked when one of
// its edges is decided.
let classParent = new StaticArray<i32>(0);
let classFlip = new StaticArray<u8>(0);
let classRank = new StaticArray<u8>(0);
let classNext = new StaticArray<i32>(0);
let classes = false;
let foundFlip = 0;

/** Allocates a square grid's arrays; the wrapper then writes the tables through the pointers below. */
export function setup(vertices: i32, edges: i32, cells: i32, maxSolutions: i32): void {
  allocate(vertices, edges, cells, 4, 4, true, maxSolutions);
}

/**
 * Allocates the arrays of any planar graph: `vertexSlots` edges per vertex and `faceSlots` per face (its largest
 * degrees, -1 padding); the wrapper then writes the tables through the pointers below and calls finishSetup.
 */
export function setupGraph(vertices: i32, edges: i32, faces: i32, vertexSlotCount: i32, faceSlotCount: i32, maxSolutions: i32): void {
  allocate(vertices, edges, faces, vertexSlotCount, faceSlotCount, false, maxSolutions);
}

function allocate(vertices: i32, edges: i32, cells: i32, vSlots: i32, cSlots: i32, isSquare: bool, maxSolutions: i32): void {
  allocateGraph(vertices, edges, cells, vSlots, cSlots, isSquare);
  setupOnGraph(maxSolutions);
}

/** Allocates the deduction's arrays for the graph already held (auto's core sets the graph up once for both stages). */
export function setupOnGraph(maxSolutions: i32): void {
  const vertices = vertexCount, edges = edgeCount, cells = cellCount, isSquare = square;
  state = new StaticArray<u8>(edges);
  const corners = isSquare ? vertices * 4 : 0;
  corner = new StaticArray<u8>(corners);
  for (let i = 0; i < corners; i++) unchecked((corner[i] = 7));
  cellCorners = new StaticArray<i32>(isSquare ? cells * 4 : 0);
  cluedCells = new StaticArray<i32>(cells);
  cluedCount = 0;
  degree = new StaticArray<u8>(vertices);
  partner = new StaticArray<i32>(vertices);
  for (let v = 0; v < vertices; v++) unchecked((partner[v] = -1));
  segmentLength = new StaticArray<i32>(vertices);
  queue = new StaticArray<i32>(vertices + cells + 1);
  queued = new StaticArray<u8>(vertices + cells);
  parityQueue = new StaticArray<i32>(vertices + cells + 1);
  parityQueued = new StaticArray<u8>(vertices + cells);
  parityHead = 0;
  parityTail = 0;
  head = 0;
  tail = 0;
  useCorners = false;
  lines = 0;
  unknowns = edges;
  family = F_VERTEX;
  trailLength = 0;
  solutions = new StaticArray<u8>(edges * max(maxSolutions, 1));
  solutionCount = 0;
  timedOut = false;
  mark0 = new StaticArray<i32>(edges);
  valueInLine = new StaticArray<u8>(edges);
  commonValue = new StaticArray<u8>(edges);
  common = new Array<i32>();
  for (let k = 0; k < STAT_SLOTS; k++) unchecked((stats[k] = 0));
  const classEdges = isSquare ? 0 : edges;
  classParent = new StaticArray<i32>(classEdges);
  classFlip = new StaticArray<u8>(classEdges);
  classRank = new StaticArray<u8>(classEdges);
  classNext = new StaticArray<i32>(classEdges);
  for (let e = 0; e < classEdges; e++) {
    unchecked((classParent[e] = e));
    unchecked((classNext[e] = e));
  }
  classes = false;
}

/** setup for an R x C grid, with its tables filled in here (the wrapper writes only the clues). */
export function setupGrid(rows: i32, cols: i32, maxSolutions: i32): void {
  setup(gridVertexCount(rows, cols), gridEdgeCount(rows, cols), rows * cols, maxSolutions);
  fillSquareGrid(rows, cols);
}

// Where the wrapper reads the state and solutions (Uint8); it writes the tables and clues through the graph's pointers.
export function statePointer(): usize { return changetype<usize>(state); }
export function solutionsPointer(): usize { return changetype<usize>(solutions); }
/** The solutions found (one byte per edge each, 1 on), for auto's core. */
export function solutionsArray(): StaticArray<u8> { return solutions; }

/** After the tables are written: the cells' corner indices and the clued cells, as RulesState's constructor. */
export function finishSetup(): void {
  if (!square) setupRings();
  for (let cell = 0; cell < cellCount; cell++) {
    if (unchecked(clues[cell]) >= 0) unchecked((cluedCells[cluedCount++] = cell));
    if (!square) continue;
    const top = unchecked(cellEdges[cell * 4]);
    const bottom = unchecked(cellEdges[cell * 4 + 1]);
    unchecked((cellCorners[cell * 4] = edgeEnds[top * 2] * 4 + 3));
    unchecked((cellCorners[cell * 4 + 1] = edgeEnds[top * 2 + 1] * 4 + 2));
    unchecked((cellCorners[cell * 4 + 2] = edgeEnds[bottom * 2] * 4 + 1));
    unchecked((cellCorners[cell * 4 + 3] = edgeEnds[bottom * 2 + 1] * 4));
  }
}

/** The corners of another grid than the square one: each face's, and each vertex's edges in turn around it. */
function setupRings(): void {
  let count = 0;
  for (let i = 0; i < cellCount * cellSlots; i++) if (unchecked(cellEdges[i]) >= 0) count++;
  corner = new StaticArray<u8>(count);
  cornerVertex = new StaticArray<i32>(count);
  cornerFace = new StaticArray<i32>(count);
  faceCorners = new StaticArray<i32>(cellCount * cellSlots);
  const cornerEdges = new StaticArray<i32>(count * 2);
  let k = 0;
  for (let f = 0; f < cellCount; f++) {
    let n = 0;
    while (n < cellSlots && unchecked(cellEdges[f * cellSlots + n]) >= 0) n++;
    for (let i = 0; i < cellSlots; i++) unchecked((faceCorners[f * cellSlots + i] = -1));
    for (let i = 0; i < n; i++) {
      const a = unchecked(cellEdges[f * cellSlots + i]);
      const b = unchecked(cellEdges[f * cellSlots + (i + 1 == n ? 0 : i + 1)]);
      const a0 = unchecked(edgeEnds[a * 2]);
      const v = a0 == unchecked(edgeEnds[b * 2]) || a0 == unchecked(edgeEnds[b * 2 + 1]) ? a0 : unchecked(edgeEnds[a * 2 + 1]);
      unchecked((corner[k] = 7));
      unchecked((cornerVertex[k] = v));
      unchecked((cornerFace[k] = f));
      unchecked((cornerEdges[k * 2] = a));
      unchecked((cornerEdges[k * 2 + 1] = b));
      unchecked((faceCorners[f * cellSlots + i] = k));
      k++;
    }
  }
  // A vertex's corners join its edges in turn: walk from an edge with the outside beside it (one corner) or any.
  const atStart = new StaticArray<i32>(vertexCount + 1);
  for (let c = 0; c < count; c++) unchecked(atStart[cornerVertex[c] + 1]++);
  for (let v = 0; v < vertexCount; v++) unchecked((atStart[v + 1] += atStart[v]));
  const atList = new StaticArray<i32>(count);
  const filled = new StaticArray<i32>(vertexCount);
  for (let c = 0; c < count; c++) {
    const v = unchecked(cornerVertex[c]);
    unchecked((atList[atStart[v] + filled[v]] = c));
    unchecked(filled[v]++);
  }
  vertexRing = new StaticArray<i32>(vertexCount * vertexSlots);
  ringCorners = new StaticArray<i32>(vertexCount * vertexSlots);
  for (let v = 0; v < vertexCount; v++) {
    const base = v * vertexSlots;
    let d = 0;
    while (d < vertexSlots && unchecked(vertexEdges[base + d]) >= 0) d++;
    for (let i = 0; i < vertexSlots; i++) {
      unchecked((vertexRing[base + i] = -1));
      unchecked((ringCorners[base + i] = -1));
    }
    if (d == 0) continue;
    const first = unchecked(atStart[v]);
    const last = unchecked(atStart[v + 1]);
    // The start: an edge in fewer than two of the vertex's corners (the outside beside it), else the first.
    let start = unchecked(vertexEdges[base]);
    for (let i = 0; i < d; i++) {
      const e = unchecked(vertexEdges[base + i]);
      let uses = 0;
      for (let j = first; j < last; j++) {
        const c = unchecked(atList[j]);
        if (unchecked(cornerEdges[c * 2]) == e || unchecked(cornerEdges[c * 2 + 1]) == e) uses++;
      }
      if (uses < 2) {
        start = e;
        break;
      }
    }
    unchecked((vertexRing[base] = start));
    let placed = 1;
    let current = start;
    let previous = -1;
    while (placed < d) {
      let next = -1;
      let through = -1;
      for (let j = first; j < last && next < 0; j++) {
        const c = unchecked(atList[j]);
        if (c == previous) continue;
        const a = unchecked(cornerEdges[c * 2]);
        const b = unchecked(cornerEdges[c * 2 + 1]);
        const other = a == current ? b : b == current ? a : -1;
        if (other < 0 || ringHas(base, placed, other)) continue;
        next = other;
        through = c;
      }
      if (next < 0) break;
      unchecked((ringCorners[base + placed - 1] = through));
      unchecked((vertexRing[base + placed] = next));
      placed++;
      previous = through;
      current = next;
    }
    const walked = placed;
    // Edges no corner reached (not met on the grids Loopy builds) follow with the outside between them.
    for (let i = 0; i < d; i++) {
      const e = unchecked(vertexEdges[base + i]);
      if (!ringHas(base, placed, e)) unchecked((vertexRing[base + placed++] = e));
    }
    for (let j = first; j < last && walked == d; j++) {
      const c = unchecked(atList[j]);
      if (c == previous || d == 1) continue;
      const a = unchecked(cornerEdges[c * 2]);
      const b = unchecked(cornerEdges[c * 2 + 1]);
      if ((a == current && b == start) || (b == current && a == start)) {
        unchecked((ringCorners[base + d - 1] = c));
        break;
      }
    }
  }
  const widest = max(vertexSlots, cellSlots);
  forward = new StaticArray<i32>(widest * 2);
  backward = new StaticArray<i32>(widest * 2);
  ringEdges = new StaticArray<i32>(widest);
  ringPairs = new StaticArray<i32>(widest);
  pairSeen = new StaticArray<i32>(widest);
}

function ringHas(base: i32, placed: i32, edge: i32): bool {
  for (let i = 0; i < placed; i++) if (unchecked(vertexRing[base + i]) == edge) return true;
  return false;
}

export function getSolutionCount(): i32 { return solutionCount; }
export function getUnknowns(): i32 { return unknowns; }
export function stat(k: i32): i32 { return stats[k]; }

function count(): void {
  unchecked((stats[family] += 1));
}

function push3(kind: i32, index: i32, old: i32): void {
  if (trailLength + 3 > trail.length) {
    const bigger = new StaticArray<i32>(trail.length * 2);
    memory.copy(changetype<usize>(bigger), changetype<usize>(trail), <usize>trailLength << 2);
    trail = bigger;
  }
  unchecked((trail[trailLength] = kind));
  unchecked((trail[trailLength + 1] = index));
  unchecked((trail[trailLength + 2] = old));
  trailLength += 3;
}

function setPartner(v: i32, p: i32, len: i32): void {
  push3(T_PARTNER, v, unchecked(partner[v]));
  push3(T_LENGTH, v, unchecked(segmentLength[v]));
  unchecked((partner[v] = p));
  unchecked((segmentLength[v] = len));
}

function undo(mark: i32): void {
  while (trailLength > mark) {
    trailLength -= 3;
    const kind = unchecked(trail[trailLength]);
    const index = unchecked(trail[trailLength + 1]);
    const old = unchecked(trail[trailLength + 2]);
    if (kind == T_EDGE) {
      if (unchecked(state[index]) == LINE) {
        unchecked(degree[edgeEnds[index * 2]]--);
        unchecked(degree[edgeEnds[index * 2 + 1]]--);
        lines--;
      }
      unchecked((state[index] = <u8>old));
      unknowns++;
    } else if (kind == T_CORNER) unchecked((corner[index] = <u8>old));
    else if (kind == T_PARTNER) unchecked((partner[index] = old));
    else if (kind == T_LENGTH) unchecked((segmentLength[index] = old));
    else if (kind == T_UNION) unmerge(index, old);
    else splice(index, old);
  }
}

function enqueue(unit: i32): void {
  if (unit < 0 || unit == ringSelf || unchecked(queued[unit])) return;
  unchecked((queued[unit] = 1));
  unchecked((queue[tail] = unit));
  tail = tail + 1 == queue.length ? 0 : tail + 1;
}

function enqueueEdge(e: i32): void {
  unitsOfEdge(e, false);
}

/** Queues the units an edge belongs to (its two ends, its clued faces): for the rules, or for parity. */
@inline function unitsOfEdge(e: i32, parity: bool): void {
  const a = unchecked(edgeCells[e * 2]);
  const b = unchecked(edgeCells[e * 2 + 1]);
  enqueueFor(parity, unchecked(edgeEnds[e * 2]));
  enqueueFor(parity, unchecked(edgeEnds[e * 2 + 1]));
  if (a >= 0 && unchecked(clues[a]) >= 0) enqueueFor(parity, vertexCount + a);
  if (b >= 0 && unchecked(clues[b]) >= 0) enqueueFor(parity, vertexCount + b);
}

@inline function enqueueFor(parity: bool, unit: i32): void {
  if (parity) enqueueParity(unit);
  else enqueue(unit);
}

/** Propagator.set: false where it throws. */
function set(e: i32, value: u8): bool {
  if (!setEdge(e, value)) return false;
  return !classes || unchecked(classNext[e]) == e || setClass(e, value);
}

@inline function setEdge(e: i32, value: u8): bool {
  const current = unchecked(state[e]);
  if (current == value) return true;
  if (current != UNKNOWN) return false;
  const a = unchecked(edgeEnds[e * 2]);
  const b = unchecked(edgeEnds[e * 2 + 1]);
  const da = unchecked(degree[a]);
  const db = unchecked(degree[b]);
  if (value == LINE && (da >= 2 || db >= 2)) return false;
  if (value == CROSS && unknowns == 1 && lines == 0) return false;
  count();
  push3(T_EDGE, e, UNKNOWN);
  unchecked((state[e] = value));
  unknowns--;
  if (proofOn) {
    if (family == F_TRIAL || family == F_GUESS) logDecided(e, value);
    // Outside trial the checker's top level holds every decided edge, once its line (if it needs one) is written.
    if (context < 0) {
      unchecked((known[e] = value));
      if (value == LINE) {
        if (onEdgeCount < onEdges.length) unchecked((onEdges[onEdgeCount++] = e));
        // Outside trial nothing is undone: a vertex's slots fill in the order its edges are set on.
        unchecked((onAt[2 * a + <i32>da] = e));
        unchecked((onAt[2 * b + <i32>db] = e));
      }
    }
  }
  enqueueEdge(e);
  if (value == CROSS) return true;
  unchecked(degree[a]++);
  unchecked(degree[b]++);
  lines++;
  if (da == 1 && db == 1 && unchecked(partner[a]) == b) {
    if (lines != unchecked(segmentLength[a]) + 1) {
      if (proofOn) logCycle(a, b, e, e, true);
      return false;
    }
    if (proofOn) logClosedLoop(a, b, e);
    const saved = family;
    family = F_LOOP;
    for (let f = 0; f < edgeCount; f++) if (unchecked(state[f]) == UNKNOWN && !set(f, CROSS)) return false;
    family = saved;
    return true;
  }
  const endA = da == 1 ? unchecked(partner[a]) : a;
  const endB = db == 1 ? unchecked(partner[b]) : b;
  const len = (da == 1 ? unchecked(segmentLength[a]) : 0) + (db == 1 ? unchecked(segmentLength[b]) : 0) + 1;
  setPartner(endA, endB, len);
  setPartner(endB, endA, len);
  if (lines > len) {
    for (let slot = 0; slot < vertexSlots; slot++) {
      const f = unchecked(vertexEdges[endA * vertexSlots + slot]);
      if (f >= 0 && unchecked(state[f]) == UNKNOWN && (unchecked(edgeEnds[f * 2]) == endB || unchecked(edgeEnds[f * 2 + 1]) == endB)) {
        if (proofOn) logCycle(endA, endB, -1, f, true);
        const saved = family;
        family = F_LOOP;
        if (!set(f, CROSS)) return false;
        family = saved;
      }
    }
  } else if (!square && useCorners) {
    // Every line is on this one path: an edge closing it is on only if the loop it makes meets every clue
    // (Loopy's loop deduction; another grid's, with its corners, so the square grid's steps stay as they were).
    for (let slot = 0; slot < vertexSlots; slot++) {
      const f = unchecked(vertexEdges[endA * vertexSlots + slot]);
      if (f >= 0 && unchecked(state[f]) == UNKNOWN && (unchecked(edgeEnds[f * 2]) == endB || unchecked(edgeEnds[f * 2 + 1]) == endB) && !cluesMetWith(f)) {
        // The loop f would close breaks a clue: a cycle lemma of it, which sets f off.
        if (proofOn) logCycle(endA, endB, -1, f, false);
        const saved = family;
        family = F_LOOP;
        if (!set(f, CROSS)) return false;
        family = saved;
      }
    }
  }
  return true;
}

/** Whether every clue is met by the lines on, with edge f on too (-1: none). */
function cluesMetWith(f: i32): bool {
  const a = f < 0 ? -1 : unchecked(edgeCells[f * 2]);
  const b = f < 0 ? -1 : unchecked(edgeCells[f * 2 + 1]);
  for (let i = 0; i < cluedCount; i++) {
    const cell = unchecked(cluedCells[i]);
    let n = cell == a || cell == b ? 1 : 0;
    for (let j = 0; j < cellSlots; j++) {
      const e = unchecked(cellEdges[cell * cellSlots + j]);
      if (e >= 0 && unchecked(state[e]) == LINE) n++;
    }
    if (n != <i32>unchecked(clues[cell])) return false;
  }
  return true;
}

function restrictCorner(k: i32, mask: i32): bool {
  const old = <i32>unchecked(corner[k]);
  const next = old & mask;
  if (next == old) return true;
  if (next == 0) return false;
  push3(T_CORNER, k, old);
  unchecked((corner[k] = <u8>next));
  unchecked((stats[STAT_CORNER_UPDATES] += 1));
  if (!square) {
    // Another grid's corner: its vertex and its face, when clued, look again.
    enqueue(unchecked(cornerVertex[k]));
    const face = unchecked(cornerFace[k]);
    if (unchecked(clues[face]) >= 0) enqueue(vertexCount + face);
    return true;
  }
  const v = k >> 2;
  enqueue(v);
  const q = k & 3;
  const vertical = unchecked(vertexEdges[v * 4 + (q < 2 ? 0 : 1)]);
  const horizontal = unchecked(vertexEdges[v * 4 + (q & 1 ? 3 : 2)]);
  if (vertical >= 0 && horizontal >= 0) {
    const c0 = unchecked(edgeCells[vertical * 2]);
    const c1 = unchecked(edgeCells[vertical * 2 + 1]);
    const h0 = unchecked(edgeCells[horizontal * 2]);
    const h1 = unchecked(edgeCells[horizontal * 2 + 1]);
    const cell = c0 >= 0 && (c0 == h0 || c0 == h1) ? c0 : c1;
    if (cell >= 0 && unchecked(clues[cell]) >= 0) enqueue(vertexCount + cell);
  }
  return true;
}

function propagateUnit(unit: i32): bool {
  const isVertex = unit < vertexCount;
  const base = isVertex ? unit * 4 : (unit - vertexCount) * 4;
  const edges = isVertex ? vertexEdges : cellEdges;
  let mustOn = 0;
  let mustOff = 0;
  for (let i = 0; i < 4; i++) {
    const e = unchecked(edges[base + i]);
    if (e < 0) mustOff |= 1 << i;
    else {
      const s = unchecked(state[e]);
      if (s == CROSS) mustOff |= 1 << i;
      else if (s == LINE) mustOn |= 1 << i;
    }
  }
  const kind = isVertex ? 5 : <i32>unchecked(clues[unit - vertexCount]);
  let k0 = 0, k1 = 0, k2 = 0, k3 = 0;
  let e0 = 7, e1 = 7, e2 = 7, e3 = 7;
  if (useCorners) {
    if (isVertex) {
      k0 = base; k1 = base + 1; k2 = base + 2; k3 = base + 3;
    } else {
      k0 = unchecked(cellCorners[base]);
      k1 = unchecked(cellCorners[base + 1]);
      k2 = unchecked(cellCorners[base + 2]);
      k3 = unchecked(cellCorners[base + 3]);
    }
    e0 = unchecked(corner[k0]);
    e1 = unchecked(corner[k1]);
    e2 = unchecked(corner[k2]);
    e3 = unchecked(corner[k3]);
  }
  let canOn = 0;
  let canOff = 0;
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let any = false;
  const end = unchecked(UNIT_START[kind + 1]);
  for (let j = unchecked(UNIT_START[kind]); j < end; j++) {
    const mask = unchecked(UNIT_MASKS[j]);
    if ((mask & mustOn) != mustOn || (mask & mustOff) != 0) continue;
    const b = mask * 4;
    const b0 = unchecked(CORNER_BIT[b]), b1 = unchecked(CORNER_BIT[b + 1]), b2 = unchecked(CORNER_BIT[b + 2]), b3 = unchecked(CORNER_BIT[b + 3]);
    if (!(e0 & b0) || !(e1 & b1) || !(e2 & b2) || !(e3 & b3)) continue;
    any = true;
    canOn |= mask;
    canOff |= ~mask & 15;
    s0 |= b0;
    s1 |= b1;
    s2 |= b2;
    s3 |= b3;
  }
  if (!any) {
    if (proofOn && useCorners) logCornerStep(unit, edges, base, kind, k0, k1, k2, k3, false, mustOn, mustOff, canOn, canOff, s0, s1, s2, s3);
    return false;
  }
  family = isVertex ? F_VERTEX : F_CELL;
  // The open edges that every pattern left gives one value, and the counts each corner loses: mostly none, and
  // then the step changes nothing and has nothing to write.
  const decided = ~(mustOn | mustOff | (canOn & canOff)) & 15;
  const lost0 = useCorners ? e0 & ~s0 : 0;
  const lost1 = useCorners ? e1 & ~s1 : 0;
  const lost2 = useCorners ? e2 & ~s2 : 0;
  const lost3 = useCorners ? e3 & ~s3 : 0;
  if (!(decided | lost0 | lost1 | lost2 | lost3)) return true;
  // Of the steps that change something, most decide no edge the count alone does not: they only owe the counts
  // they take, with nothing worked out.
  if (proofOn && useCorners && !closed && !proofEnded) {
    if (decided && (derivedEdges(kind, mustOn, mustOff, canOff, 1) | derivedEdges(kind, mustOn, mustOff, canOn, 0))) {
      logCornerStep(unit, edges, base, kind, k0, k1, k2, k3, true, mustOn, mustOff, canOn, canOff, s0, s1, s2, s3);
    } else oweCounts(unit, k0, k1, k2, k3, lost0, lost1, lost2, lost3, ~(mustOn | mustOff) & canOn & canOff & 15);
  }
  for (let i = 0; i < 4 && decided; i++) {
    const bit = 1 << i;
    if (!(decided & bit)) continue;
    // An open slot holds an edge; one an earlier edge of this step decided (by closing the loop) is skipped.
    const e = unchecked(edges[base + i]);
    if (unchecked(state[e]) == UNKNOWN && !set(e, canOff & bit ? CROSS : LINE)) return false;
  }
  if (lost0 && !restrictCorner(k0, s0)) return false;
  if (lost1 && !restrictCorner(k1, s1)) return false;
  if (lost2 && !restrictCorner(k2, s2)) return false;
  if (lost3 && !restrictCorner(k3, s3)) return false;
  return true;
}

// A unit is a vertex, or vertexCount + a face: its slots in vertexEdges or cellEdges (padded with -1) start here.
@inline function unitSlots(unit: i32): i32 { return unit < vertexCount ? vertexSlots : cellSlots; }
@inline function unitBase(unit: i32): i32 { return unit < vertexCount ? unit * vertexSlots : (unit - vertexCount) * cellSlots; }

// A unit of any graph by counting: a vertex has 0 or 2 lines, a clued face its clue. What the square grid's
// pattern tables deduce without corners, for any degree.
function propagateCount(unit: i32): bool {
  const isVertex = unit < vertexCount;
  const width = unitSlots(unit);
  const base = unitBase(unit);
  const edges = isVertex ? vertexEdges : cellEdges;
  let on = 0;
  let open = 0;
  for (let i = 0; i < width; i++) {
    const e = unchecked(edges[base + i]);
    if (e < 0) continue;
    const s = unchecked(state[e]);
    if (s == LINE) on++;
    else if (s == UNKNOWN) open++;
  }
  let value: u8 = UNKNOWN;
  if (isVertex) {
    if (on > 2 || (on == 1 && open == 0)) return false;
    if (on == 2 || (on == 0 && open == 1)) value = CROSS;
    else if (on == 1 && open == 1) value = LINE;
  } else {
    const clue = <i32>unchecked(clues[unit - vertexCount]);
    if (on > clue || on + open < clue) return false;
    if (on == clue) value = CROSS;
    else if (on + open == clue) value = LINE;
  }
  if (value == UNKNOWN || open == 0) return true;
  family = isVertex ? F_VERTEX : F_CELL;
  for (let i = 0; i < width; i++) {
    const e = unchecked(edges[base + i]);
    if (e >= 0 && unchecked(state[e]) == UNKNOWN && !set(e, value)) return false;
  }
  return true;
}

// A unit of another grid with its corners: the edges of a face (or around a vertex) form a ring, each corner
// joining two that follow each other. Walking the ring once each way for each value of its first edge gives
// every line count reachable, so an edge value or a corner count is kept only when some assignment of the
// whole unit allows it: the square's corner rules (propagateUnit), for faces and vertices of any degree.
function propagateRing(unit: i32): bool {
  // A rule lemma leaves at most RULE_MAX_OPEN of a unit's edges open: a wider unit counts alone.
  if (proofOn && ringWidth(unit) > RULE_MAX_OPEN) return propagateCount(unit);
  // The unit's own changes do not call it again (what it keeps, some assignment of it allows); a change they
  // caused elsewhere in it (a loop closed, say) does.
  ringSelf = unit;
  const mark = trailLength;
  const ok = ringDeduce(unit);
  if (ok) enqueueParity(unit);
  ringSelf = -1;
  if (ok && edgesSetSince(mark) > ringSets) enqueue(unit);
  return ok;
}

function edgesSetSince(mark: i32): i32 {
  let n = 0;
  for (let i = mark; i < trailLength; i += 3) if (unchecked(trail[i]) == T_EDGE) n++;
  return n;
}

/**
 * A unit's ring into ringEdges and ringPairs (ringPairs[i] the corner between edges i and i + 1, -1 for none),
 * starting from a decided edge where there is one; returns its length.
 */
function loadRing(unit: i32): i32 {
  const isVertex = unit < vertexCount;
  const ring = isVertex ? vertexRing : cellEdges;
  const pairs = isVertex ? ringCorners : faceCorners;
  const width = unitSlots(unit);
  const base = unitBase(unit);
  let m = 0;
  let start = -1;
  while (m < width && unchecked(ring[base + m]) >= 0) {
    if (start < 0 && unchecked(state[ring[base + m]]) != UNKNOWN) start = m;
    m++;
  }
  if (start < 0) start = 0;
  for (let j = 0, i = start; j < m; j++, i = i + 1 == m ? 0 : i + 1) {
    unchecked((ringEdges[j] = ring[base + i]));
    unchecked((ringPairs[j] = pairs[base + i]));
  }
  if (m == 1) unchecked((ringPairs[0] = -1));
  return m;
}

function ringDeduce(unit: i32): bool {
  const isVertex = unit < vertexCount;
  const target = isVertex ? 0b101 : 1 << <i32>unchecked(clues[unit - vertexCount]);
  ringSets = 0;
  // From a decided edge where there is one: the walks then run for its one value, not both.
  const m = loadRing(unit);
  if (m == 0) return true;
  let edgeSupport = 0; // bits 2i + v: edge i may take value v
  for (let i = 0; i < m; i++) unchecked((pairSeen[i] = 0));
  for (let x0 = 0; x0 < 2; x0++) {
    if (!allows(unchecked(ringEdges[0]), x0)) continue;
    unchecked((forward[0] = x0 == 0 ? 1 : 0));
    unchecked((forward[1] = x0 == 1 ? 2 : 0));
    for (let i = 1; i < m; i++) {
      const pair = unchecked(ringPairs[i - 1]);
      const e = unchecked(ringEdges[i]);
      for (let v = 0; v < 2; v++) {
        let reach = 0;
        if (allows(e, v)) {
          for (let u = 0; u < 2; u++) {
            const before = unchecked(forward[(i - 1) * 2 + u]);
            if (before != 0 && pairAllows(pair, u + v)) reach |= before << v;
          }
        }
        unchecked((forward[i * 2 + v] = reach));
      }
    }
    const closing = unchecked(ringPairs[m - 1]);
    const lastEdge = unchecked(ringEdges[m - 1]);
    for (let v = 0; v < 2; v++) {
      const ok = m == 1 ? v == x0 : allows(lastEdge, v) && pairAllows(closing, v + x0);
      unchecked((backward[(m - 1) * 2 + v] = ok ? 1 << v : 0));
    }
    for (let i = m - 2; i >= 0; i--) {
      const pair = unchecked(ringPairs[i]);
      const e = unchecked(ringEdges[i]);
      for (let v = 0; v < 2; v++) {
        let reach = 0;
        if (allows(e, v) && (i > 0 || v == x0)) {
          for (let w = 0; w < 2; w++) {
            const after = unchecked(backward[(i + 1) * 2 + w]);
            if (after != 0 && pairAllows(pair, v + w)) reach |= after << v;
          }
        }
        unchecked((backward[i * 2 + v] = reach));
      }
    }
    for (let i = 0; i < m; i++) {
      for (let v = 0; v < 2; v++) {
        const f = unchecked(forward[i * 2 + v]);
        const b = unchecked(backward[i * 2 + v]);
        if (f != 0 && b != 0 && meets(f, b >> v, target)) edgeSupport |= 1 << (2 * i + v);
      }
      const pair = unchecked(ringPairs[i]);
      if (pair < 0) continue;
      for (let u = 0; u < 2; u++) {
        const f = unchecked(forward[i * 2 + u]);
        if (f == 0) continue;
        if (i == m - 1) {
          if (pairAllows(pair, u + x0) && (f & target) != 0) unchecked((pairSeen[i] |= 1 << (u + x0)));
          continue;
        }
        for (let w = 0; w < 2; w++) {
          const b = unchecked(backward[(i + 1) * 2 + w]);
          if (b != 0 && pairAllows(pair, u + w) && meets(f, b, target)) unchecked((pairSeen[i] |= 1 << (u + w)));
        }
      }
    }
  }
  if (edgeSupport == 0) {
    if (proofOn) logRule(unit, m, -1, -1);
    return false;
  }
  family = isVertex ? F_VERTEX : F_CELL;
  for (let i = 0; i < m; i++) {
    const e = unchecked(ringEdges[i]);
    const can = (edgeSupport >> (2 * i)) & 3;
    if (can == 0) {
      if (proofOn) logRule(unit, m, -1, -1);
      return false;
    }
    if (can != 3 && unchecked(state[e]) == UNKNOWN) {
      if (proofOn) logRule(unit, m, can == 2 ? 2 * e : 2 * e + 1, -1);
      if (!set(e, can == 2 ? LINE : CROSS)) return false;
      ringSets++;
    }
  }
  for (let i = 0; i < m; i++) {
    const pair = unchecked(ringPairs[i]);
    if (pair < 0) continue;
    if (proofOn) logCornerCounts(unit, m, i, unchecked(pairSeen[i]));
    if (!restrictCorner(pair, unchecked(pairSeen[i]))) return false;
  }
  return true;
}

/** Whether edge e may take value v (0 off, 1 on) in its state. */
@inline function allows(e: i32, v: i32): bool {
  const s = unchecked(state[e]);
  return s == UNKNOWN || (s == LINE) == (v == 1);
}

/** Whether a corner (or none, -1) allows this many lines on its two edges. */
@inline function pairAllows(pair: i32, lines: i32): bool {
  return pair < 0 || ((<i32>unchecked(corner[pair]) >> lines) & 1) != 0;
}

/** Whether some count a of `before` and b of `after` add up to a count in `target` (bit sets of counts). */
@inline function meets(before: i32, after: i32, target: i32): bool {
  while (before != 0) {
    const a = ctz(before);
    if (((after << a) & target) != 0) return true;
    before &= before - 1;
  }
  return false;
}

// --- edge classes: what parity says (Loopy's hard level) ---

/** The root of e's class; foundFlip: 1 when e is the opposite of its root. */
function findClass(e: i32): i32 {
  let flip = 0;
  while (unchecked(classParent[e]) != e) {
    flip ^= <i32>unchecked(classFlip[e]);
    e = unchecked(classParent[e]);
  }
  foundFlip = flip;
  return e;
}

/** Two open edges are equal (opposite false) or opposite: false when their classes already say otherwise. */
function mergeClasses(a: i32, b: i32, opposite: i32): bool {
  let ra = findClass(a);
  const fa = foundFlip;
  let rb = findClass(b);
  const fb = foundFlip;
  if (ra == rb) return (fa ^ fb) == opposite;
  if (unchecked(classRank[ra]) < unchecked(classRank[rb])) {
    const t = ra;
    ra = rb;
    rb = t;
  }
  push3(T_UNION, rb, unchecked(classRank[ra]));
  unchecked((classParent[rb] = ra));
  unchecked((classFlip[rb] = <u8>(fa ^ fb ^ opposite)));
  if (unchecked(classRank[ra]) == unchecked(classRank[rb])) unchecked(classRank[ra]++);
  push3(T_SPLICE, a, b);
  splice(a, b);
  classes = true;
  // Every unit beside an edge of the joined class sees its parity anew.
  let x = a;
  do {
    unitsOfEdge(x, true);
    x = unchecked(classNext[x]);
  } while (x != a);
  return true;
}

function unmerge(child: i32, rootRank: i32): void {
  unchecked((classRank[classParent[child]] = <u8>rootRank));
  unchecked((classParent[child] = child));
  unchecked((classFlip[child] = 0));
}

/** Swaps two edges' successors: joins their classes' cycles, or parts them again. */
function splice(a: i32, b: i32): void {
  const next = unchecked(classNext[a]);
  unchecked((classNext[a] = classNext[b]));
  unchecked((classNext[b] = next));
}

/** e was decided: every edge of its class follows. */
function setClass(e: i32, value: u8): bool {
  findClass(e);
  const own = foundFlip ^ (value == LINE ? 1 : 0);
  for (let m = unchecked(classNext[e]); m != e; m = unchecked(classNext[m])) {
    findClass(m);
    if (!setEdge(m, (own ^ foundFlip) != 0 ? LINE : CROSS)) return false;
  }
  return true;
}

let groupRoot = new StaticArray<i32>(64);
let groupEdge = new StaticArray<i32>(64);
let groupFlip = new StaticArray<i32>(64);
let groupOn = new StaticArray<i32>(64);
let groupOff = new StaticArray<i32>(64);

/**
 * A unit of another grid after its ring: its open edges by class. The count
 * of lines among them has a known parity, so one class left over with an odd number of edges is decided, and two
 * are equal or opposite; a corner allowing only 1 (or 0 and 2) makes its edges opposite (equal), and edges of one
 * class make their corner so; a class whose either value breaks the unit's count is decided.
 */
function parityDeduce(unit: i32): bool {
  const isVertex = unit < vertexCount;
  const m = loadRing(unit);
  if (proofOn && m > RULE_MAX_OPEN) return true;
  let on = 0;
  let groups = 0;
  let flips = 0;
  let repeated = false;
  for (let i = 0; i < m; i++) {
    const e = unchecked(ringEdges[i]);
    const s = unchecked(state[e]);
    if (s == LINE) on++;
    if (s != UNKNOWN) continue;
    const r = findClass(e);
    flips ^= foundFlip;
    let g = 0;
    while (g < groups && unchecked(groupRoot[g]) != r) g++;
    if (g == groups) {
      unchecked((groupRoot[g] = r));
      unchecked((groupEdge[g] = e));
      unchecked((groupFlip[g] = foundFlip));
      unchecked((groupOn[g] = 0));
      unchecked((groupOff[g] = 0));
      groups++;
    } else repeated = true;
    // Lines this edge adds when its class's root is on (groupOn) or off (groupOff).
    if (foundFlip == 0) unchecked(groupOn[g]++);
    else unchecked(groupOff[g]++);
  }
  if (groups == 0) return true;
  // Lines the open edges must add: a face's clue less those on; a vertex's 0 or 2 less those on, even.
  const left = isVertex ? 0 : <i32>unchecked(clues[unit - vertexCount]) - on;
  if (left < 0) {
    if (proofOn) logRule(unit, m, -1, -1);
    return false;
  }
  // Parity: the open edges' lines add up to `need` modulo 2; the classes with an even number of them drop out.
  const need = (isVertex ? on : left) & 1;
  let odd0 = -1;
  let odd1 = -1;
  let odds = 0;
  for (let g = 0; g < groups; g++) {
    if (((unchecked(groupOn[g]) + unchecked(groupOff[g])) & 1) == 0) continue;
    if (odds == 0) odd0 = g;
    else if (odds == 1) odd1 = g;
    odds++;
  }
  // Each odd class's edges sum to root ^ (their flips): the roots must sum to need ^ flips.
  const rootsSum = need ^ flips;
  if (odds == 0 && rootsSum != 0) {
    if (proofOn) logRule(unit, m, -1, -1);
    return false;
  }
  if (odds == 1) {
    const e = unchecked(groupEdge[odd0]);
    const value = (rootsSum ^ unchecked(groupFlip[odd0])) != 0 ? LINE : CROSS;
    if (proofOn) logRule(unit, m, value == LINE ? 2 * e : 2 * e + 1, -1);
    return set(e, value);
  }
  if (odds == 2) {
    const a = unchecked(groupEdge[odd0]);
    const b = unchecked(groupEdge[odd1]);
    const opposite = rootsSum ^ unchecked(groupFlip[odd0]) ^ unchecked(groupFlip[odd1]);
    if (proofOn) logRelation(unit, m, a, b, opposite);
    if (!mergeClasses(a, b, opposite)) return false;
  }
  // Corners and classes, each way.
  for (let i = 0; i < m; i++) {
    const pair = unchecked(ringPairs[i]);
    if (pair < 0) continue;
    const a = unchecked(ringEdges[i]);
    const b = unchecked(ringEdges[i + 1 == m ? 0 : i + 1]);
    if (unchecked(state[a]) != UNKNOWN || unchecked(state[b]) != UNKNOWN) continue;
    const mask = <i32>unchecked(corner[pair]);
    // The corner's clauses (its ring's lines) are the two edges' relation, and the relation of a class is its
    // lines' two-literal clauses: neither needs a line, unless the two disagree.
    if (mask == 0b010 || mask == 0b101) {
      if (!mergeClasses(a, b, mask == 0b010 ? 1 : 0)) {
        if (proofOn) logRule(unit, m, -1, -1);
        return false;
      }
      continue;
    }
    const ra = findClass(a);
    const fa = foundFlip;
    if (findClass(b) == ra && !restrictCorner(pair, (fa ^ foundFlip) != 0 ? 0b010 : 0b101)) {
      if (proofOn) logRule(unit, m, -1, -1);
      return false;
    }
  }
  // Counting by class, where some class holds two of the unit's open edges: each class adds groupOn lines or
  // groupOff, so a value of it that leaves the others unable to reach the count is ruled out.
  if (!repeated) return true;
  let low = 0;
  let high = 0;
  for (let g = 0; g < groups; g++) {
    low += min(unchecked(groupOn[g]), unchecked(groupOff[g]));
    high += max(unchecked(groupOn[g]), unchecked(groupOff[g]));
  }
  const base = isVertex ? on : 0;
  const goal = isVertex ? 0b101 : 1 << left;
  for (let g = 0; g < groups; g++) {
    const a = unchecked(groupOn[g]);
    const b = unchecked(groupOff[g]);
    if (a + b < 2) continue;
    const lo = low - min(a, b);
    const hi = high - max(a, b);
    const onOk = reaches(base + a + lo, base + a + hi, goal);
    const offOk = reaches(base + b + lo, base + b + hi, goal);
    if (!onOk && !offOk) {
      if (proofOn) logRule(unit, m, -1, -1);
      return false;
    }
    if (onOk && offOk) continue;
    const e = unchecked(groupEdge[g]);
    // groupEdge's own value: the root's, flipped by its groupFlip.
    const rootOn = onOk ? 1 : 0;
    if (unchecked(state[e]) != UNKNOWN) continue;
    const value = (rootOn ^ unchecked(groupFlip[g])) != 0 ? LINE : CROSS;
    if (proofOn) logRule(unit, m, value == LINE ? 2 * e : 2 * e + 1, -1);
    if (!set(e, value)) return false;
  }
  return true;
}

/** Whether some count in [from, to] is in the bit set goal (counts above 30 never are). */
/** The line counts a square-grid unit's rule allows, as bits: a clue 0-4 its own, a vertex (kind 5) 0 or 2. */
@inline function countsOf(kind: i32): i32 {
  return kind == 5 ? 0b101 : 1 << kind;
}

/**
 * What a rule allowing the counts `allowed` (as bits) decides of its open edges with `on` edges on and `open`
 * open: BROKEN (no allowed count is reachable), LINE or CROSS (every open edge so), else UNKNOWN.
 */
@inline function countSettles(on: i32, open: i32, allowed: i32): u8 {
  if (!reaches(on, on + open, allowed)) return BROKEN;
  if (open == 0) return UNKNOWN;
  return !reaches(on, on + open - 1, allowed) ? LINE : !reaches(on + 1, on + open, allowed) ? CROSS : UNKNOWN;
}

@inline function reaches(from: i32, to: i32, goal: i32): bool {
  if (from < 0) from = 0;
  if (to > 30) to = 30;
  if (from > to) return false;
  const span = ((1 << (to - from + 1)) - 1) << from;
  return (span & goal) != 0;
}

function clearQueue(): void {
  while (head != tail) {
    unchecked((queued[queue[head]] = 0));
    head = head + 1 == queue.length ? 0 : head + 1;
  }
  while (parityHead != parityTail) {
    unchecked((parityQueued[parityQueue[parityHead]] = 0));
    parityHead = parityHead + 1 == parityQueue.length ? 0 : parityHead + 1;
  }
}

function propagate(): bool {
  while (true) {
    while (head != tail) {
      const unit = unchecked(queue[head]);
      head = head + 1 == queue.length ? 0 : head + 1;
      unchecked((queued[unit] = 0));
      if (!(square ? propagateUnit(unit) : useCorners ? propagateRing(unit) : propagateCount(unit))) {
        clearQueue();
        return false;
      }
    }
    // Parity looks at a unit once the rings are done with it (another grid's, with its corners).
    if (parityHead == parityTail) return true;
    const unit = unchecked(parityQueue[parityHead]);
    parityHead = parityHead + 1 == parityQueue.length ? 0 : parityHead + 1;
    unchecked((parityQueued[unit] = 0));
    if (!parityDeduce(unit)) {
      clearQueue();
      return false;
    }
  }
  return true;
}

function enqueueParity(unit: i32): void {
  if (unchecked(parityQueued[unit])) return;
  unchecked((parityQueued[unit] = 1));
  unchecked((parityQueue[parityTail] = unit));
  parityTail = parityTail + 1 == parityQueue.length ? 0 : parityTail + 1;
}


/** Propagator.assume: a fixed edge, a guess or a probe, then propagation. */
export function assume(edge: i32, value: u8): bool {
  family = F_GUESS;
  if (!set(edge, value)) {
    // As the reference: a contradiction thrown by set leaves the queue as it was (propagate clears it later).
    return false;
  }
  return propagate();
}

export function deduce(corners: bool): bool {
  useCorners = corners;
  for (let v = 0; v < vertexCount; v++) enqueue(v);
  for (let i = 0; i < cluedCount; i++) enqueue(vertexCount + unchecked(cluedCells[i]));
  return propagate();
}

/** trial.ts: false on contradiction; sets timedOut (and returns true) at the deadline between probes. */
export function trial(deadline: f64): bool {
  const withRings = useCorners;
  if (!square) useCorners = false;
  const ok = trialSweeps(deadline, withRings);
  useCorners = withRings;
  return ok;
}

function trialSweeps(deadline: f64, withRings: bool): bool {
  let stamp = 0;
  let changed = true;
  while (changed) {
    changed = false;
    for (let e = 0; e < edgeCount; e++) {
      if (unchecked(state[e]) != UNKNOWN) continue;
      if (now() > deadline) {
        timedOut = true;
        return true;
      }
      memory.copy(changetype<usize>(statsBeforeProbe), changetype<usize>(stats), STAT_SLOTS << 2);
      const mark = trailLength;
      // The probes run unlogged: one that decides something runs again, logged (logTrial).
      const logging = proofOn;
      proofOn = false;
      const lineOk = assume(e, LINE);
      stamp++;
      if (lineOk) {
        for (let i = mark; i < trailLength; i += 3) {
          if (unchecked(trail[i]) == T_EDGE) {
            const f = unchecked(trail[i + 1]);
            unchecked((mark0[f] = stamp));
            unchecked((valueInLine[f] = state[f]));
          }
        }
      }
      undo(mark);
      const crossOk = assume(e, CROSS);
      common.length = 0;
      if (lineOk && crossOk) {
        for (let i = mark; i < trailLength; i += 3) {
          const f = unchecked(trail[i + 1]);
          if (unchecked(trail[i]) == T_EDGE && unchecked(mark0[f]) == stamp && unchecked(valueInLine[f]) == unchecked(state[f])) {
            common.push(f);
            unchecked((commonValue[f] = state[f]));
          }
        }
      }
      undo(mark);
      proofOn = logging;
      if (proofOn) logTrial(e, lineOk, crossOk, mark);
      memory.copy(changetype<usize>(stats), changetype<usize>(statsBeforeProbe), STAT_SLOTS << 2);
      family = F_TRIAL;
      if (!lineOk && !crossOk) return false;
      if (!lineOk) {
        if (!set(e, CROSS)) return false;
      } else if (!crossOk) {
        if (!set(e, LINE)) return false;
      } else {
        // In edge order, as the reference.
        common.sort();
        for (let i = 0; i < common.length; i++) {
          const f = unchecked(common[i]);
          if (unchecked(state[f]) == UNKNOWN && !set(f, unchecked(commonValue[f]))) return false;
        }
      }
      if (trailLength > mark) {
        changed = true;
        // What a probe decides runs through the rings too: the probes themselves count alone (cheaper), but a
        // decided edge is rare and the rings take it furthest.
        const probing = useCorners;
        useCorners = withRings;
        const ok = propagate();
        useCorners = probing;
        if (!ok) return false;
      }
    }
  }
  return true;
}

function isSolved(): bool {
  if (lines == 0) return false;
  for (let e = 0; e < edgeCount; e++) if (unchecked(state[e]) == UNKNOWN) return false;
  for (let v = 0; v < vertexCount; v++) {
    const d = unchecked(degree[v]);
    if (d != 0 && d != 2) return false;
  }
  if (!cluesMetWith(-1)) return false;
  let start = -1;
  for (let e = 0; e < edgeCount && start < 0; e++) if (unchecked(state[e]) == LINE) start = e;
  let at = unchecked(edgeEnds[start * 2 + 1]);
  let previous = start;
  let walked = 1;
  while (at != unchecked(edgeEnds[start * 2])) {
    let next = -1;
    for (let slot = 0; slot < vertexSlots; slot++) {
      const f = unchecked(vertexEdges[at * vertexSlots + slot]);
      if (f >= 0 && f != previous && unchecked(state[f]) == LINE) next = f;
    }
    if (next < 0) return false;
    at = unchecked(edgeEnds[next * 2]) == at ? unchecked(edgeEnds[next * 2 + 1]) : unchecked(edgeEnds[next * 2]);
    previous = next;
    walked++;
  }
  return walked == lines;
}

function pushSolution(): void {
  const base = solutionCount * edgeCount;
  for (let e = 0; e < edgeCount; e++) unchecked((solutions[base + e] = state[e] == LINE ? 1 : 0));
  solutionCount++;
}

function chooseEdge(): i32 {
  let best = -1;
  let bestScore = i32.MAX_VALUE;
  for (let v = 0; v < vertexCount; v++) {
    if (unchecked(degree[v]) != 1) continue;
    let open = 0;
    let candidate = -1;
    for (let slot = 0; slot < vertexSlots; slot++) {
      const f = unchecked(vertexEdges[v * vertexSlots + slot]);
      if (f >= 0 && unchecked(state[f]) == UNKNOWN) {
        open++;
        candidate = f;
      }
    }
    if (candidate >= 0 && open < bestScore) {
      bestScore = open;
      best = candidate;
      if (open <= 2) break;
    }
  }
  if (best >= 0) return best;
  for (let i = 0; i < cluedCount; i++) {
    const cell = unchecked(cluedCells[i]);
    for (let j = 0; j < cellSlots; j++) {
      const e = unchecked(cellEdges[cell * cellSlots + j]);
      if (e >= 0 && unchecked(state[e]) == UNKNOWN) return e;
    }
  }
  for (let e = 0; e < edgeCount; e++) if (unchecked(state[e]) == UNKNOWN) return e;
  return -1;
}

function search(maxSolutions: i32, deadline: f64, depth: i32): void {
  const nodes = unchecked((stats[STAT_NODES] += 1));
  if (depth > unchecked(stats[STAT_MAX_DEPTH])) unchecked((stats[STAT_MAX_DEPTH] = depth));
  if ((nodes & 255) == 0 && now() > deadline) {
    timedOut = true;
    return;
  }
  const e = chooseEdge();
  if (e < 0) {
    if (isSolved()) pushSolution();
    return;
  }
  for (let k = 0; k < 2; k++) {
    const value = k == 0 ? LINE : CROSS;
    const mark = trailLength;
    if (assume(e, value)) search(maxSolutions, deadline, depth + 1);
    // At the deadline the reference throws through every frame without undoing: stop the same way.
    if (timedOut) return;
    undo(mark);
    if (solutionCount >= maxSolutions) return;
  }
}

let outcomeLevel = -1; // NO_LEVEL (a literal: asc sets a global from an import in the start function)
let decidedBeforeSearch = 0;
export function level(): i32 { return outcomeLevel; }
export function decidedWithoutSearch(): i32 { return decidedBeforeSearch; }

/** search.ts solveWithRules after the fixed edges; the level (abi.ts) is that of the stage that decided. */
export function solve(corners: bool, withTrial: bool, maxSolutions: i32, deadline: f64): i32 {
  outcomeLevel = NO_LEVEL;
  decidedBeforeSearch = 0;
  for (let stage = 0; stage < 3; stage++) {
    if (stage == 1 && !corners) continue;
    if (stage == 2 && !withTrial) continue;
    const ok = stage == 2 ? trial(deadline) : deduce(stage == 1);
    if (timedOut) return solutionCount > 0 ? SOLVED : TIMEOUT;
    if (!ok) {
      outcomeLevel = stage;
      return UNSAT;
    }
    decidedBeforeSearch = edgeCount - unknowns;
    if (unknowns == 0) {
      outcomeLevel = stage;
      if (!isSolved()) return UNSAT;
      pushSolution();
      return SOLVED;
    }
  }
  trailLength = 0;
  search(maxSolutions, deadline, 0);
  if (timedOut) return solutionCount > 0 ? SOLVED : TIMEOUT;
  outcomeLevel = SEARCH_LEVEL;
  return solutionCount > 0 ? SOLVED : UNSAT;
}

/** rules.ts presolve: PRESOLVED, CONTRADICTION (before trial), TRIAL_STOPPED or CONTRADICTION_IN_TRIAL (abi.ts). */
export function presolve(corners: bool, withTrial: bool, deadline: f64): i32 {
  let ok = deduce(false);
  if (ok && corners) ok = deduce(true);
  if (!ok) return CONTRADICTION;
  return withTrial ? continueWithTrial(deadline) : PRESOLVED;
}

/** Trial from the state a presolve without it left (auto's second stage, without loading the puzzle again); codes as presolve's. */
export function continueWithTrial(deadline: f64): i32 {
  const ok = trial(deadline);
  if (timedOut) return TRIAL_STOPPED;
  return ok ? PRESOLVED : CONTRADICTION_IN_TRIAL;
}

export function wasTimedOut(): bool { return timedOut; }

// --- the deduction's proof log (docs/proof-format.md), written only after startProof ---
// auto's certified answers start from what this core decides, so each decision goes into the proof as a clause
// the checker accepts: an edge decided by a vertex's or a clue's count is a unit clause that follows by unit
// propagation (the checker's base holds each rule's prime implicates); a closing edge set off, or a loop closed
// too early, a cycle lemma; what the corner rules decide, clauses over one vertex's or one cell's four edges that
// follow by unit propagation from its rule and the clauses of its corners, split on its open edges where unit
// propagation alone does not reach (derive). In a trial probe every clause also holds the probed edge's other
// value ("edge e on implies ..."), so that it is valid whatever the probe; a probe that decides nothing leaves
// no line, and one that does leaves its lines, then the units trial decides.
let proofOn = false;
let proof = new StaticArray<i32>(0);
let proofTop = 0;
let proofEnded = false;
/** In a probe: the literal every line holds (the probed edge's other value); -1 outside trial. */
let context = -1;
/** A loop closed in this probe (or outside trial): every edge after it follows from that loop, and no line is written. */
let closed = false;
/** Per trial probe (0: on, 1: off): the closed loop's literals (every edge of it off) when it was a solution. */
let probeCycle0 = new StaticArray<i32>(0);
let probeCycle1 = new StaticArray<i32>(0);
let probeCycleLength0 = -1;
let probeCycleLength1 = -1;
let probeSide = 0;
/** Marks of a walked cycle's edges, by stamp. */
let cycleMark = new StaticArray<i32>(0);
let cycleStamp = 0;
let cycleLits = new StaticArray<i32>(0);
/** The last on-edge found outside a cycle (logCycle's witness), tried first the next time, and where it is on the trail. */
let witness = -1;
let witnessAt = 0;
/**
 * The edges set on outside trial, in order, and where the last witness found outside trial is among them: outside
 * trial logCycle looks for a witness here, where the trail would make it pass every edge set off and every
 * corner's update too.
 */
let onEdges = new StaticArray<i32>(0);
let onEdgeCount = 0;
let witnessOn = 0;
/** Per vertex, its edges set on outside trial (-1: none yet), two slots each: walkCycle's next step there without a look at every edge of it. */
let onAt = new StaticArray<i32>(0);
// derive's unit: its edges (-1 missing), its rule (a clue 0-4, 5 a vertex), its corners; the clause being derived.
const unitEdges = new StaticArray<i32>(4);
const unitCorners = new StaticArray<i32>(4);
let unitKind = 0;
/** derive's unit itself, which an owed count records as the unit that took it: a vertex, or the vertex count + a face. */
let unitId = 0;
/** Where the last record starts. */
let lastRecord = -1;
/**
 * Per corner and count, at 2 (k * 3 + count): when it was taken (0: never), then the unit that took
 * it; side by side, as a count is taken with both. derive reads the corners as of maskTime (0: now).
 */
let taken = new StaticArray<i32>(0);
let pendingClock = 0;
/** Per corner: the counts whose clauses are owed to the proof, as bits. */
let owed = new StaticArray<u8>(0);
let maskTime = 0;
/**
 * While trial's probes run again, logged: the top level's edge states and corner counts as they were before them.
 * A count owed from before the probe is written when a probe's line comes to rest on it, as a line of the top
 * level derived from these (flushCorner).
 */
let topState = new StaticArray<u8>(0);
let topCorner = new StaticArray<u8>(0);
/** The first time a logged probe may take a count at: an owed count taken earlier is the top level's. */
let probeClock = 0;
/** The corners a logged probe took counts from (owed while it runs), to forget when it is undone. */
let probeCorners = new StaticArray<i32>(0);
let probeCornerCount = 0;
const derived = new StaticArray<i32>(8);
/** The corner counts localConflict's propagation used (bit q * 3 + count: that count of the unit's corner q), added to by each call. */
let countsUsed = 0;
/** Every count of the four corners, as countsUsed's bits. */
const ALL_COUNTS = 0xfff;
/**
 * Per edge, what the checker's top level knows of it (UNKNOWN, LINE, CROSS), as far as the core can tell cheaply:
 * outside trial every decided edge (its line, when it needs one, is written before), what the lines written decide
 * when they are unit there, and what the vertex and clue counts decide from those, often before the core's own
 * propagation gets to it. The checker knows at least this (its propagation does the same and more), so a line
 * this satisfies is not written: a clause true when added is no assignment's reason and no conflict, in the
 * checker's later checks too.
 */
let known = new StaticArray<u8>(0);
/** The edges whose units the counts still have to look at (learn's stack). */
let knownStack = new StaticArray<i32>(0);
/** The known edges broke a count: the checker's top level is contradictory, and nothing more is read from them. */
let knownBroken = false;

/** From now on every decision goes into the proof (call after finishSetup, before deduction). */
export function startProof(): void {
  proofOn = true;
  // The arrays of the last solve are reused when large enough (most solves are of one size): its times and
  // stamps are older than any this solve writes, so only the owed bits need clearing.
  if (proof.length < max(1 << 12, edgeCount * 8)) proof = new StaticArray<i32>(max(1 << 12, edgeCount * 8));
  proofTop = 0;
  lastRecord = -1;
  if (taken.length < corner.length * 6 || pendingClock > 1 << 30) {
    taken = new StaticArray<i32>(corner.length * 6);
    pendingClock = 0;
  }
  if (owed.length < corner.length) owed = new StaticArray<u8>(corner.length);
  else memory.fill(changetype<usize>(owed), 0, <usize>corner.length);
  maskTime = 0;
  proofEnded = false;
  context = -1;
  closed = false;
  if (cycleMark.length < edgeCount || cycleStamp > 1 << 30) {
    cycleMark = new StaticArray<i32>(edgeCount);
    cycleStamp = 0;
  }
  if (cycleLits.length < edgeCount + 2) cycleLits = new StaticArray<i32>(edgeCount + 2);
  witness = -1;
  witnessAt = 0;
  if (onEdges.length < edgeCount) onEdges = new StaticArray<i32>(edgeCount);
  onEdgeCount = 0;
  witnessOn = 0;
  if (onAt.length < 2 * vertexCount) onAt = new StaticArray<i32>(2 * vertexCount);
  memory.fill(changetype<usize>(onAt), 0xff, <usize>(2 * vertexCount) << 2);
  if (known.length < edgeCount) {
    known = new StaticArray<u8>(edgeCount);
    knownStack = new StaticArray<i32>(edgeCount);
  } else memory.fill(changetype<usize>(known), UNKNOWN, <usize>edgeCount);
  knownBroken = false;
}

/** No more lines (auto's check of a fully decided puzzle runs the rules again). */
export function stopProof(): void { proofOn = false; }

/** The records written: proofLength() integers at proofPointer(), in the cdcl core's format (proof-records.ts). */
export function proofPointer(): usize { return changetype<usize>(proof); }
export function proofLength(): i32 { return proofTop; }
/** The records themselves, for auto's core, which writes them as text (encodings/wasm/proof-text.ts). */
export function proofRecords(): StaticArray<i32> { return proof; }

/** The empty clause, once: deduction met a contradiction outside trial, which unit propagation now reaches. */
export function logEmpty(): void {
  if (!proofOn || proofEnded) return;
  record(PROOF_EMPTY, 0);
  proofEnded = true;
}

/** Room for a record of n literals and `extra` numbers after them; its header written, the rest to follow at proofTop. */
@inline function record(kind: i32, n: i32, extra: i32 = 0): void {
  if (proofTop + n + extra + 2 > proof.length) {
    const bigger = new StaticArray<i32>(max(proof.length * 2, proofTop + n + extra + 2));
    memory.copy(changetype<usize>(bigger), changetype<usize>(proof), <usize>proofTop << 2);
    proof = bigger;
  }
  lastRecord = proofTop;
  unchecked((proof[proofTop++] = kind));
  unchecked((proof[proofTop++] = n));
}

/** A line of lits[0..n) and, in a probe, its context literal. Outside trial an empty one ends the proof. */
function writeLine(kind: i32, lits: StaticArray<i32>, n: i32): void {
  if (proofEnded) return;
  const withContext = context >= 0 && kind == PROOF_LEARNT;
  record(kind, n + (withContext ? 1 : 0));
  for (let i = 0; i < n; i++) unchecked((proof[proofTop++] = lits[i]));
  if (withContext) unchecked((proof[proofTop++] = context));
  if (kind == PROOF_LEARNT && n == 0 && !withContext) proofEnded = true;
  // A cycle lemma's edges but its last ones are on (logCycle learns what it decides).
  if (kind != PROOF_CYCLE) settleLine();
}

/**
 * Outside trial, an edge that trial's conclusion (or an assumption) decided is a unit clause (not twice, when a
 * derivation just ended with it). One a vertex's or clue's count, a corner's derived clause or a cycle lemma
 * decided gets no line: the checker's propagation of the lines so far decides it as the core did (set calls
 * this for trial's and the guesses' edges alone).
 */
function logDecided(e: i32, value: u8): void {
  if (context >= 0 || closed || proofEnded) return;
  const lit = value == LINE ? 2 * e : 2 * e + 1;
  if (lastRecord >= 0 && lastRecord == proofTop - 3 && unchecked(proof[lastRecord]) == PROOF_LEARNT && unchecked(proof[lastRecord + 1]) == 1 && unchecked(proof[lastRecord + 2]) == lit) return;
  record(PROOF_LEARNT, 1);
  unchecked((proof[proofTop++] = lit));
  settleLine();
}

/** Whether literal `lit` (2e: edge e on, 2e + 1: off) is true at the checker's top level as far as the core can tell. */
@inline function knownTrue(lit: i32): bool {
  const s = unchecked(known[lit >> 1]);
  return s != UNKNOWN && (s == LINE) == ((lit & 1) == 0);
}

/** Whether the checker's top level has a clause of lits[0..n) (and the context literal, in a probe) satisfied. */
@inline function knownSatisfied(lits: StaticArray<i32>, n: i32): bool {
  if (knownBroken) return false;
  if (context >= 0 && knownTrue(context)) return true;
  for (let i = 0; i < n; i++) if (knownTrue(unchecked(lits[i]))) return true;
  return false;
}

/**
 * The line just recorded (at lastRecord): taken back when the checker's top level satisfies it already, else what
 * it decides there when all its literals but one are false goes into `known`.
 */
@inline function settleLine(): void {
  if (knownBroken || lastRecord < 0) return;
  const n = unchecked(proof[lastRecord + 1]);
  const from = lastRecord + 2;
  let open = -1;
  let openCount = 0;
  for (let i = from; i < from + n; i++) {
    const lit = unchecked(proof[i]);
    const s = unchecked(known[lit >> 1]);
    if (s == UNKNOWN) {
      open = lit;
      openCount++;
    } else if ((s == LINE) == ((lit & 1) == 0)) {
      // Written for nothing: the proof ends as it did (an empty clause is never satisfied).
      proofTop = lastRecord;
      lastRecord = -1;
      return;
    }
  }
  if (openCount == 1) learn(open);
}

/** settleUnit on the square grid, by table: a vertex's or a face's four edges (a missing one off). */
function settleSquareUnit(u: i32, top: i32): i32 {
  const isVertex = u < vertexCount;
  const table = isVertex ? vertexEdges : cellEdges;
  const base = (isVertex ? u : u - vertexCount) * 4;
  const e0 = unchecked(table[base]), e1 = unchecked(table[base + 1]), e2 = unchecked(table[base + 2]), e3 = unchecked(table[base + 3]);
  const s0 = e0 < 0 ? CROSS : unchecked(known[e0]);
  const s1 = e1 < 0 ? CROSS : unchecked(known[e1]);
  const s2 = e2 < 0 ? CROSS : unchecked(known[e2]);
  const s3 = e3 < 0 ? CROSS : unchecked(known[e3]);
  const kind = isVertex ? 5 : <i32>unchecked(clues[u - vertexCount]);
  const value = unchecked(SETTLE[kind * 256 + (<i32>s0 | (<i32>s1 << 2) | (<i32>s2 << 4) | (<i32>s3 << 6))]);
  if (value == UNKNOWN) return top;
  if (value == BROKEN) {
    knownBroken = true;
    return top;
  }
  if (s0 == UNKNOWN && knowEdge(e0, value, top)) top++;
  if (s1 == UNKNOWN && knowEdge(e1, value, top)) top++;
  if (s2 == UNKNOWN && knowEdge(e2, value, top)) top++;
  if (s3 == UNKNOWN && knowEdge(e3, value, top)) top++;
  return top;
}

/** Literal `lit` holds at the checker's top level: into `known`, with what the vertex and clue counts then decide. */
function learn(lit: i32): void {
  if (!knowEdge(lit >> 1, lit & 1 ? CROSS : LINE, 0)) return;
  let top = 1;
  while (top > 0 && !knownBroken) {
    const e = unchecked(knownStack[--top]);
    top = settleUnit(unchecked(edgeEnds[e * 2]), top);
    top = settleUnit(unchecked(edgeEnds[e * 2 + 1]), top);
    const a = unchecked(edgeCells[e * 2]);
    const b = unchecked(edgeCells[e * 2 + 1]);
    if (a >= 0 && unchecked(clues[a]) >= 0) top = settleUnit(vertexCount + a, top);
    if (b >= 0 && unchecked(clues[b]) >= 0) top = settleUnit(vertexCount + b, top);
  }
}

/** Edge e is `value` at the checker's top level, on the stack at `top`: false when that was known (the other way: knownBroken). */
@inline function knowEdge(e: i32, value: u8, top: i32): bool {
  const s = unchecked(known[e]);
  if (s != UNKNOWN) {
    if (s != value) knownBroken = true;
    return false;
  }
  unchecked((known[e] = value));
  unchecked((knownStack[top] = e));
  return true;
}

/** What unit u's count decides from what the checker's top level knows, as its propagation over the unit's rule does; returns the stack's new top. */
@inline function settleUnit(u: i32, top: i32): i32 {
  // Inlined into learn's loop: most units it looks at are settled already, and a call each would cost more.
  return square ? settleSquareUnit(u, top) : settleGraphUnit(u, top);
}

/** settleUnit on another grid than the square one: the unit's edges counted. */
function settleGraphUnit(u: i32, top: i32): i32 {
  const width = unitSlots(u);
  const base = unitBase(u);
  const table = u < vertexCount ? vertexEdges : cellEdges;
  let on = 0;
  let open = 0;
  for (let i = 0; i < width; i++) {
    const e = unchecked(table[base + i]);
    if (e < 0) continue;
    const s = unchecked(known[e]);
    if (s == LINE) on++;
    else if (s == UNKNOWN) open++;
  }
  if (open == 0) return top;
  const value = countSettles(on, open, u < vertexCount ? 0b101 : 1 << <i32>unchecked(clues[u - vertexCount]));
  if (value == BROKEN) {
    knownBroken = true;
    return top;
  }
  if (value == UNKNOWN) return top;
  for (let i = 0; i < width; i++) {
    const e = unchecked(table[base + i]);
    if (e >= 0 && unchecked(known[e]) == UNKNOWN && knowEdge(e, value, top)) top++;
  }
  return top;
}

/** The edge at `v` other than `previous` that is on (a path's next step), or -1. */
function nextOnEdge(v: i32, previous: i32): i32 {
  for (let slot = 0; slot < vertexSlots; slot++) {
    const f = unchecked(vertexEdges[v * vertexSlots + slot]);
    if (f >= 0 && f != previous && unchecked(state[f]) == LINE) return f;
  }
  return -1;
}

/** The on-path from `from` to `to` not starting with `skip`, and `extra`: each edge off, in cycleLits, marked; how many. */
function walkCycle(from: i32, to: i32, skip: i32, extra: i32): i32 {
  cycleStamp++;
  let n = 0;
  let v = from;
  let previous = skip;
  // Outside trial each vertex's edges on are at hand (onAt); a path's vertex has at most two.
  const atHand = context < 0;
  while (n == 0 || v != to) {
    let f = -1;
    if (atHand) {
      const first = unchecked(onAt[2 * v]);
      f = first != previous ? first : unchecked(onAt[2 * v + 1]);
    } else f = nextOnEdge(v, previous);
    if (f < 0) break;
    unchecked((cycleLits[n++] = 2 * f + 1));
    unchecked((cycleMark[f] = cycleStamp));
    // The edge's other end: v is one of its two.
    v ^= unchecked(edgeEnds[f * 2]) ^ unchecked(edgeEnds[f * 2 + 1]);
    previous = f;
  }
  unchecked((cycleLits[n++] = 2 * extra + 1));
  unchecked((cycleMark[extra] = cycleStamp));
  return n;
}

/**
 * The path from `from` to `to` (not starting with `skip`) closed by `extra` is a cycle that cannot be the loop,
 * as an on-edge lies outside it: a cycle lemma "not all of the cycle on, or that edge off". With `extra` the
 * closing edge of a path, it is set off; with `extra` the edge just set on, a contradiction.
 */
function logCycle(from: i32, to: i32, skip: i32, extra: i32, withWitness: bool): void {
  if (closed || proofEnded) return;
  // The closing edge known off: the lemma would be satisfied (settleLine), so it is not even walked.
  if (!knownBroken && knownTrue(2 * extra + 1)) return;
  let n = walkCycle(from, to, skip, extra);
  if (withWitness) {
    // An on-edge off the cycle: the last one found while it still is, else the next one from where it was found.
    let found = witness >= 0 && witness < edgeCount && unchecked(state[witness]) == LINE && unchecked(cycleMark[witness]) != cycleStamp;
    if (!found) found = context < 0 ? witnessAmongOnEdges() : witnessOnTrail();
    if (found) unchecked((cycleLits[n++] = 2 * witness + 1));
  }
  writeLine(PROOF_CYCLE, cycleLits, n);
  // Outside trial every other edge of it is on at the checker's top level: it sets the closing edge off there.
  if (context < 0 && unchecked(known[extra]) == UNKNOWN) learn(2 * extra + 1);
}

/**
 * Outside trial: an on-edge off the walked cycle (into `witness`), from the edges set on (onEdges, the trail's
 * edges on in its order, without the edges set off and the corners' updates between them), from where the last
 * one was found, then from the start (a scan from the start each time would pass the same early edges, long
 * since in one path, again and again).
 */
function witnessAmongOnEdges(): bool {
  if (witnessOn >= onEdgeCount) witnessOn = 0;
  for (let pass = 0; pass < 2; pass++) {
    const from = pass == 0 ? witnessOn : 0;
    const to = pass == 0 ? onEdgeCount : witnessOn;
    for (let i = from; i < to; i++) {
      const f = unchecked(onEdges[i]);
      if (unchecked(state[f]) == LINE && unchecked(cycleMark[f]) != cycleStamp) {
        witness = f;
        witnessOn = i;
        return true;
      }
    }
  }
  return false;
}

/** witnessAmongOnEdges in a probe, whose edges are on the trail alone: from the trail, which holds every decided edge. */
function witnessOnTrail(): bool {
  if (witnessAt >= trailLength) witnessAt = 0;
  for (let pass = 0; pass < 2; pass++) {
    const from = pass == 0 ? witnessAt : 0;
    const to = pass == 0 ? trailLength : witnessAt;
    for (let i = from; i < to; i += 3) {
      const f = unchecked(trail[i + 1]);
      if (unchecked(trail[i]) == T_EDGE && unchecked(state[f]) == LINE && unchecked(cycleMark[f]) != cycleStamp) {
        witness = f;
        witnessAt = i;
        return true;
      }
    }
  }
  return false;
}

/**
 * Edge `e` closes the path from a to b into a loop holding every on-edge. When it leaves a clue unmet it is no
 * solution, and the cycle lemma "not all of it on" ends the matter. When it is a solution every other edge is
 * off, which the lines that follow would each need a cycle lemma for: none is written after it (outside trial the
 * proof then ends with the loop's blocking clause; in a probe, trial writes a lemma per edge it keeps).
 */
function logClosedLoop(a: i32, b: i32, e: i32): void {
  if (closed || proofEnded) return;
  let solution = true;
  for (let i = 0; i < cluedCount && solution; i++) {
    const cell = unchecked(cluedCells[i]);
    let on = 0;
    for (let j = 0; j < cellSlots; j++) {
      const f = unchecked(cellEdges[cell * cellSlots + j]);
      if (f >= 0 && unchecked(state[f]) == LINE) on++;
    }
    if (on != <i32>unchecked(clues[cell])) solution = false;
  }
  // Its edges are walked only for a line: outside trial a solution needs none.
  const n = !solution || context >= 0 ? walkCycle(a, b, e, e) : 0;
  if (!solution) writeLine(PROOF_CYCLE, cycleLits, n);
  else if (context >= 0) {
    const kept = new StaticArray<i32>(n);
    memory.copy(changetype<usize>(kept), changetype<usize>(cycleLits), <usize>n << 2);
    if (probeSide == 0) {
      probeCycle0 = kept;
      probeCycleLength0 = n;
    } else {
      probeCycle1 = kept;
      probeCycleLength1 = n;
    }
  }
  closed = true;
}

/**
 * Whether unit propagation over the unit's rule and its corners' clauses, from the state and derived[0..n) set
 * false, meets a conflict (what the checker's propagation over all its clauses reaches at least). The four slots
 * are one byte of edge states (2 bits each, a missing edge off), so that the rule's step is SETTLE's and each
 * corner's CORNER_STEP's.
 */
function localConflict(n: i32): bool {
  let code = slotStates(unitEdges, 0);
  for (let k = 0; k < n; k++) {
    const lit = unchecked(derived[k]);
    // The literal false: an on literal's edge off, an off literal's on.
    const falsified = lit & 1 ? <i32>LINE : <i32>CROSS;
    for (let i = 0; i < 4; i++) {
      if (unchecked(unitEdges[i]) != lit >> 1) continue;
      const s = (code >> (2 * i)) & 3;
      if (s != <i32>UNKNOWN && s != falsified) return true; // the literal is true: the clause holds
      code |= falsified << (2 * i);
    }
  }
  const rule = unitKind * 256;
  // The corners' counts, read once: propagation below changes none of them.
  let masks = 0;
  if (useCorners) for (let q = 0; q < 4; q++) masks |= maskAt(unchecked(unitCorners[q])) << (4 * q);
  let changed = true;
  while (changed) {
    changed = false;
    const settled = <i32>unchecked(SETTLE[rule + code]);
    if (settled == BROKEN) return true;
    if (settled != UNKNOWN) {
      // Every open slot (a 2-bit field of 0) takes the rule's value.
      const open = ~(code | (code >> 1)) & 0x55;
      code |= settled == LINE ? open : open << 1;
      changed = true;
      continue;
    }
    if (!useCorners) break;
    for (let q = 0; q < 4; q++) {
      const i = unchecked(CORNER_SLOTS[q * 2]);
      const j = unchecked(CORNER_SLOTS[q * 2 + 1]);
      const step = <i32>unchecked(CORNER_STEP[(((masks >> (4 * q)) & 7) << 4) | (((code >> (2 * i)) & 3) << 2) | ((code >> (2 * j)) & 3)]);
      if (step == 0) continue;
      countsUsed |= (step >> 4) << (q * 3);
      if (step & STEP_CONFLICT) return true;
      code |= (step & 3) << (2 * (step & STEP_SECOND ? j : i));
      changed = true;
    }
  }
  return false;
}

/** A unit's four slots (its edges edges[base..base + 4)) as one byte of edge states, 2 bits each, a missing edge off. */
@inline function slotStates(edges: StaticArray<i32>, base: i32): i32 {
  let code = 0;
  for (let i = 0; i < 4; i++) {
    const e = unchecked(edges[base + i]);
    code |= (e < 0 ? <i32>CROSS : <i32>unchecked(state[e])) << (2 * i);
  }
  return code;
}

/**
 * Whether a unit's rule (`rule`: its kind * 256) rules out slot si at ai and slot sj at aj (1 on, 0 off) with its
 * other slots as `code` (slotStates) has them: SETTLE finds no count left.
 */
@inline function ruleRefutes(code: i32, rule: i32, si: i32, ai: i32, sj: i32, aj: i32): bool {
  const rest = code & ~((3 << (2 * si)) | (3 << (2 * sj)));
  return unchecked(SETTLE[rule + (rest | ((ai ? <i32>LINE : <i32>CROSS) << (2 * si)) | ((aj ? <i32>LINE : <i32>CROSS) << (2 * sj)))]) == BROKEN;
}

/**
 * Writes derived[0..n), which the unit's rule and corners imply: as it is when unit propagation reaches it, else
 * after the same clause with each value of one more open edge of the unit (at most four edges deep).
 */
function derive(n: i32): void {
  if (knownSatisfied(derived, n)) return;
  if (!localConflict(n)) {
    let split = -1;
    for (let i = 0; i < 4 && split < 0; i++) {
      const e = unchecked(unitEdges[i]);
      if (e < 0 || unchecked(state[e]) != UNKNOWN) continue;
      let inClause = false;
      for (let k = 0; k < n; k++) if (unchecked(derived[k]) >> 1 == e) inClause = true;
      if (!inClause) split = e;
    }
    if (split >= 0) {
      unchecked((derived[n] = 2 * split));
      derive(n + 1);
      unchecked((derived[n] = 2 * split + 1));
      derive(n + 1);
    }
  }
  writeLine(PROOF_LEARNT, derived, n);
}

/** Corner q of unit u (a vertex's index, or the vertex count + a face's index). */
@inline function cornerOf(u: i32, q: i32): i32 {
  return u < vertexCount ? u * 4 + q : unchecked(cellCorners[(u - vertexCount) * 4 + q]);
}

/** Which of unit u's four corners corner k is. */
@inline function cornerSlotOf(u: i32, k: i32): i32 {
  if (u < vertexCount) return k & 3;
  const base = (u - vertexCount) * 4;
  let q = 0;
  while (unchecked(cellCorners[base + q]) != k) q++;
  return q;
}

/** Fills derive's globals for unit u: its edges (-1 missing), its rule, its corners. */
@inline function loadUnit(u: i32): void {
  const isVertex = u < vertexCount;
  const base = isVertex ? u * 4 : (u - vertexCount) * 4;
  const edges = isVertex ? vertexEdges : cellEdges;
  for (let i = 0; i < 4; i++) unchecked((unitEdges[i] = unchecked(edges[base + i])));
  for (let q = 0; q < 4; q++) unchecked((unitCorners[q] = isVertex ? base + q : unchecked(cellCorners[base + q])));
  unitKind = isVertex ? 5 : <i32>unchecked(clues[u - vertexCount]);
  unitId = u;
}

/** Corner k's counts as derive sees them: now, or with maskTime set, as they were before that time. */
@inline function maskAt(k: i32): i32 {
  let mask = <i32>unchecked(corner[k]);
  if (maskTime > 0) for (let d = 0; d < 3; d++) if (unchecked(taken[(k * 3 + d) * 2]) >= maskTime) mask |= 1 << d;
  return mask;
}

/** Corner k lost `count` at the current unit: its clauses are owed to the proof (a later time than any before). */
@inline function pendCorner(k: i32, count: i32): void {
  unchecked((taken[(k * 3 + count) * 2] = ++pendingClock));
  unchecked((taken[(k * 3 + count) * 2 + 1] = unitId));
  unchecked((owed[k] = <u8>(<i32>unchecked(owed[k]) | (1 << count))));
}

/** Corner k lost counts in a logged probe: they are owed while it runs (forgetProbeOwed). */
function noteProbeCorner(k: i32): void {
  if (probeCornerCount == probeCorners.length) {
    const bigger = new StaticArray<i32>(max(64, probeCornerCount * 2));
    memory.copy(changetype<usize>(bigger), changetype<usize>(probeCorners), <usize>probeCornerCount << 2);
    probeCorners = bigger;
  }
  unchecked((probeCorners[probeCornerCount++] = k));
}

/**
 * A logged probe is undone: the counts it took from the corners (at probeClock or later) are no longer owed, those
 * of a step whose corners it never narrowed too (a contradiction met before them).
 */
function forgetProbeOwed(): void {
  for (let i = 0; i < probeCornerCount; i++) {
    const k = unchecked(probeCorners[i]);
    let bits = <i32>unchecked(owed[k]);
    for (let d = 0; d < 3; d++) if ((bits >> d) & 1 && unchecked(taken[(k * 3 + d) * 2]) >= probeClock) bits &= ~(1 << d);
    unchecked((owed[k] = <u8>bits));
  }
  probeCornerCount = 0;
}

/**
 * Writes the clauses of corner k's lost `count` if still owed: at the unit that took it, each clause "not (these
 * two values)" that the state does not satisfy and the unit's count does not imply from the state (the checker
 * holds every decided edge, at its top level or, in a probe, with the probe's literal, so a clause written late
 * holds as it did then), when there is one, after what the step that took it rested on (the counts its unit's
 * corners lost before it).
 */
function flushCorner(k: i32, count: i32): void {
  const at = (k * 3 + count) * 2;
  const bits = <i32>unchecked(owed[k]);
  if (!((bits >> count) & 1) || proofEnded) return;
  // In a probe, a count owed from before it is the top level's: its lines are the top level's (no context
  // literal), derived from the top level's edges and corners as the probes found them, swapped in meanwhile.
  if (context >= 0 && unchecked(taken[at]) < probeClock) {
    const probeContext = context;
    const probeState = state;
    const probeCorner = corner;
    context = -1;
    state = topState;
    corner = topCorner;
    flushCorner(k, count);
    state = probeState;
    corner = probeCorner;
    context = probeContext;
    return;
  }
  unchecked((owed[k] = <u8>(bits & ~(1 << count))));
  // Nothing to write when the state now rules out each assignment of the corner's two edges with that count
  // (the square grid's corner q of vertex v joins its edges in slots q < 2 ? 0 : 1 and q & 1 ? 3 : 2).
  const v = k >> 2;
  const a = unchecked(vertexEdges[v * 4 + ((k & 3) < 2 ? 0 : 1)]);
  const b = unchecked(vertexEdges[v * 4 + (k & 1 ? 3 : 2)]);
  if (!countOpen(count, edgeValue(a), edgeValue(b))) return;
  const time = unchecked(taken[at]);
  const u = unchecked(taken[at + 1]);
  // The assignments of the two edges with that count that need a clause (bit ai: the first edge at ai): those
  // the state leaves open and the unit's count does not rule out. Mostly none: then what the step rested on
  // stays owed too, written only when some other line needs it. (The unit is loaded only past this.)
  const isVertex = u < vertexCount;
  const base = isVertex ? u * 4 : (u - vertexCount) * 4;
  const edges = isVertex ? vertexEdges : cellEdges;
  const q = cornerSlotOf(u, k);
  const si = unchecked(CORNER_SLOTS[q * 2]);
  const sj = unchecked(CORNER_SLOTS[q * 2 + 1]);
  const ei = unchecked(edges[base + si]);
  const ej = unchecked(edges[base + sj]);
  // The unit's four slots as one byte of edge states (a missing edge off), as localConflict reads them; its rule
  // rules out an assignment of the corner's two when SETTLE finds no count left with them set so.
  const code = slotStates(edges, base);
  const ci = (code >> (2 * si)) & 3;
  const cj = (code >> (2 * sj)) & 3;
  const rule = (isVertex ? 5 : <i32>unchecked(clues[u - vertexCount])) * 256;
  let needed = 0;
  for (let ai = 0; ai < 2; ai++) {
    const aj = count - ai;
    if (aj < 0 || aj > 1) continue;
    const stateI = ai ? <i32>LINE : <i32>CROSS;
    const stateJ = aj ? <i32>LINE : <i32>CROSS;
    if ((ci != <i32>UNKNOWN && ci != stateI) || (cj != <i32>UNKNOWN && cj != stateJ)) continue;
    // Nor those the checker's top level satisfies already.
    if (!knownBroken && ((ei >= 0 && knownTrue(2 * ei + ai)) || (ej >= 0 && knownTrue(2 * ej + aj)))) continue;
    if (!ruleRefutes(code, rule, si, ai, sj, aj)) needed |= 1 << ai;
  }
  if (needed == 0) return;
  loadUnit(u);
  // Derived from the corners as they were when the count was taken: what older is owed goes first, of the
  // counts unit propagation uses when it reaches each line, else of all four corners.
  maskTime = time;
  countsUsed = 0;
  let follows = true;
  for (let ai = 0; ai < 2 && follows; ai++) {
    if (!((needed >> ai) & 1)) continue;
    let n = 0;
    if (ei >= 0) unchecked((derived[n++] = 2 * ei + ai));
    if (ej >= 0) unchecked((derived[n++] = 2 * ej + count - ai));
    follows = localConflict(n);
  }
  maskTime = 0;
  const used = follows ? countsUsed : ALL_COUNTS;
  let flushed = false;
  for (let q = 0; q < 4; q++) {
    const j = cornerOf(u, q);
    const owedThere = <i32>unchecked(owed[j]) & (used >> (q * 3)) & 7;
    if (owedThere == 0) continue;
    for (let d = 0; d < 3; d++) {
      if (!((owedThere >> d) & 1)) continue;
      if (unchecked(taken[(j * 3 + d) * 2]) < time) {
        flushCorner(j, d);
        flushed = true;
      }
    }
  }
  // Flushing wrote with the unit globals of the units it flushed.
  if (flushed) loadUnit(u);
  for (let ai = 0; ai < 2; ai++) {
    if (!((needed >> ai) & 1)) continue;
    let n = 0;
    if (ei >= 0) unchecked((derived[n++] = 2 * ei + ai));
    if (ej >= 0) unchecked((derived[n++] = 2 * ej + count - ai));
    if (follows) writeLine(PROOF_LEARNT, derived, n);
    else {
      maskTime = time;
      derive(n);
      maskTime = 0;
    }
  }
}

/** Edge e's value in a unit's slot: 1 on, 0 off (or no edge, -1), -1 open. */
@inline function edgeValue(e: i32): i32 {
  if (e < 0) return 0;
  const s = unchecked(state[e]);
  return s == UNKNOWN ? -1 : s == LINE ? 1 : 0;
}

/** Writes the counts `counts` (countsUsed's bits) of unit u's corners that are owed, then loads u again. */
function flushUnitCorners(u: i32, counts: i32): void {
  let any = false;
  for (let q = 0; q < 4; q++) {
    const k = cornerOf(u, q);
    const bits = <i32>unchecked(owed[k]) & (counts >> (q * 3)) & 7;
    if (bits == 0) continue;
    any = true;
    for (let count = 0; count < 3; count++) if ((bits >> count) & 1) flushCorner(k, count);
  }
  if (any) loadUnit(u);
}

/** Before trial's probes run again, logged: the top level as they start from (flushCorner reads it). */
function keepTopLevel(): void {
  if (topState.length != state.length) topState = new StaticArray<u8>(state.length);
  if (topCorner.length != corner.length) topCorner = new StaticArray<u8>(corner.length);
  memory.copy(changetype<usize>(topState), changetype<usize>(state), <usize>state.length);
  memory.copy(changetype<usize>(topCorner), changetype<usize>(corner), <usize>corner.length);
  probeClock = pendingClock + 1;
}

/** Whether the unit's count alone (kind as in propagateUnit), with `on` of its edges on and `open` open, decides every open edge `value` (1 on, 0 off): one the other way leaves no count allowed. */
@inline function countDecides(kind: i32, on: i32, open: i32, value: i32): bool {
  const low = on + (value == 0 ? 1 : 0);
  return !reaches(low, low + open - 1, countsOf(kind));
}

/**
 * Whether a count lost by a corner, its two slots' values after the step `vi`, `vj` (1 on, 0 off, -1 open), has an
 * assignment of them that the state does not rule out: only then can a later line need its clause.
 */
@inline function countOpen(count: i32, vi: i32, vj: i32): bool {
  for (let ai = 0; ai < 2; ai++) {
    const aj = count - ai;
    if (aj >= 0 && aj <= 1 && (vi < 0 || vi == ai) && (vj < 0 || vj == aj)) return true;
  }
  return false;
}

/** Slot i's value after a step: 1 on, 0 off, -1 open (`on`, `off`: the slots on and off after it, as bits). */
@inline function slotValue(i: i32, on: i32, off: i32): i32 {
  return (on >> i) & 1 ? 1 : (off >> i) & 1 ? 0 : -1;
}

/** The literal of the unit's edge in slot i as logCornerStep derived it: on where `derivedOn` has its bit, else off. */
@inline function unitLiteral(i: i32, derivedOn: i32): i32 {
  return 2 * unchecked(unitEdges[i]) + (derivedOn & (1 << i) ? 0 : 1);
}

/**
 * A step of propagateUnit with the corners: the edges it decides that the unit's count alone does not (each a
 * derived clause), after the owed counts their lines rest on; the counts it takes from each corner (a corner's
 * two edges: a count of 0 forbidden is "one of them on", 1 is "both or neither", 2 is "not both") owed, unless the
 * state after the step satisfies their clauses; with no assignment left, the contradiction. `mustOn`, `mustOff`:
 * the unit's slots on and off before the step.
 */
function logCornerStep(unit: i32, edges: StaticArray<i32>, base: i32, kind: i32, k0: i32, k1: i32, k2: i32, k3: i32, any: bool, mustOn: i32, mustOff: i32, canOn: i32, canOff: i32, s0: i32, s1: i32, s2: i32, s3: i32): void {
  if (closed || proofEnded) return;
  const open = ~(mustOn | mustOff) & 15;
  const derivedOn = any ? derivedEdges(kind, mustOn, mustOff, canOff, 1) : 0;
  const derivedOff = any ? derivedEdges(kind, mustOn, mustOff, canOn, 0) : 0;
  const afterOn = mustOn | (any ? open & ~canOff : 0);
  const afterOff = mustOff | (any ? open & ~canOn : 0);
  for (let i = 0; i < 4; i++) unchecked((unitEdges[i] = edges[base + i]));
  unchecked((unitCorners[0] = k0));
  unchecked((unitCorners[1] = k1));
  unchecked((unitCorners[2] = k2));
  unchecked((unitCorners[3] = k3));
  unitKind = kind;
  unitId = unit;
  if (!any) {
    // The owed counts its lines rest on go into the proof first (flushing writes with the unit's globals):
    // those unit propagation used, when it reaches the conflict, else all its corners'.
    countsUsed = 0;
    const follows = localConflict(0);
    flushUnitCorners(unit, follows ? countsUsed : ALL_COUNTS);
    if (follows) writeLine(PROOF_LEARNT, derived, 0);
    else derive(0);
    return;
  }
  // The edges the checker's top level does not hold already (known): those alone get lines.
  let fresh = derivedOn | derivedOff;
  for (let i = 0; i < 4 && fresh; i++) {
    const bit = 1 << i;
    if (fresh & bit) {
      unchecked((derived[0] = unitLiteral(i, derivedOn)));
      if (knownSatisfied(derived, 1)) fresh &= ~bit;
    }
  }
  if (fresh) {
    // As above, the owed counts its edges' lines use first.
    countsUsed = 0;
    let follows = true;
    for (let i = 0; i < 4 && follows; i++) {
      const bit = 1 << i;
      if (!(fresh & bit)) continue;
      unchecked((derived[0] = unitLiteral(i, derivedOn)));
      follows = localConflict(1);
    }
    flushUnitCorners(unit, follows ? countsUsed : ALL_COUNTS);
    for (let i = 0; i < 4; i++) {
      const bit = 1 << i;
      if (!(fresh & bit)) continue;
      unchecked((derived[0] = unitLiteral(i, derivedOn)));
      // Found by unit propagation above, as derive would: its line at once.
      if (follows) writeLine(PROOF_LEARNT, derived, 1);
      else derive(1);
    }
  }
  for (let q = 0; q < 4; q++) {
    const k = unchecked(unitCorners[q]);
    const old = <i32>unchecked(corner[k]);
    const kept = old & (q == 0 ? s0 : q == 1 ? s1 : q == 2 ? s2 : s3);
    if (kept == old || kept == 0) continue;
    const vi = slotValue(unchecked(CORNER_SLOTS[q * 2]), afterOn, afterOff);
    const vj = slotValue(unchecked(CORNER_SLOTS[q * 2 + 1]), afterOn, afterOff);
    // A count a corner loses is written only when a line comes to rest on it (flushCorner), and only while the
    // state leaves one of its assignments open (a clause the state satisfies adds nothing later).
    for (let count = 0; count < 3; count++) if ((old >> count) & 1 && !((kept >> count) & 1) && countOpen(count, vi, vj)) pendCorner(k, count);
    if (context >= 0) noteProbeCorner(k);
  }
}

/**
 * A corner step that decides no edge the count alone does not: the counts its corners lose (`lost0`..
 * `lost3`) are owed, those of a corner whose edges both stay open (`openAfter`: the slots open after the step),
 * with nothing to work out now. With one of a corner's edges decided at v and the other open, the step keeps both
 * counts v and v + 1, so each count it loses needs the decided edge the other way; with both decided, the count
 * kept is theirs. Either way the state rules out what was lost, and no later line needs its clause.
 */
@inline function oweCounts(unit: i32, k0: i32, k1: i32, k2: i32, k3: i32, lost0: i32, lost1: i32, lost2: i32, lost3: i32, openAfter: i32): void {
  unitId = unit;
  // The corners' slots (CORNER_SLOTS) as bits: 0 and 2, 0 and 3, 1 and 2, 1 and 3.
  if (lost0 && (openAfter & 5) == 5) oweCorner(k0, lost0);
  if (lost1 && (openAfter & 9) == 9) oweCorner(k1, lost1);
  if (lost2 && (openAfter & 6) == 6) oweCorner(k2, lost2);
  if (lost3 && (openAfter & 10) == 10) oweCorner(k3, lost3);
}

@inline function oweCorner(k: i32, lost: i32): void {
  for (let count = 0; count < 3; count++) if ((lost >> count) & 1) pendCorner(k, count);
  if (context >= 0) noteProbeCorner(k);
}

/**
 * The unit's open edges (as bits) that a step decides `value` (1 on, 0 off) and its count alone does not: each
 * needs a derived line. `can`: the slots that can take the other value (propagateUnit's canOff for on, canOn for off).
 */
@inline function derivedEdges(kind: i32, mustOn: i32, mustOff: i32, can: i32, value: i32): i32 {
  const open = ~(mustOn | mustOff) & 15;
  const decided = open & ~can;
  return decided && !countDecides(kind, popcnt(mustOn), popcnt(open), value) ? decided : 0;
}


/** Per vertex: loopStamp + 1 (probe on) or + 2 (off), or both (+ 3), when it lies on that probe's closed loop. */
let loopVertexMark = new StaticArray<i32>(0);
let loopStamp = 0;

/** Marks the vertices of a closed loop (its edges' literals, each edge off) as on probe side `bit` (1 or 2). */
function markLoopVertices(cycle: StaticArray<i32>, n: i32, bit: i32): void {
  if (loopVertexMark.length < vertexCount) {
    loopVertexMark = new StaticArray<i32>(vertexCount);
    loopStamp = 0;
  }
  if (bit == 1 || probeCycleLength0 < 0) loopStamp += 4;
  for (let k = 0; k < n; k++) {
    const e = unchecked(cycle[k]) >> 1;
    for (let end = 0; end < 2; end++) {
      const v = unchecked(edgeEnds[e * 2 + end]);
      const mark = unchecked(loopVertexMark[v]);
      unchecked((loopVertexMark[v] = mark >= loopStamp && mark < loopStamp + 4 ? mark | bit : loopStamp | bit));
    }
  }
}

/** The probe sides (bit 0: on, bit 1: off) whose closed loop passes vertex v, as marked by markLoopVertices. */
@inline function loopMarkOf(v: i32): i32 {
  const mark = unchecked(loopVertexMark[v]);
  return mark >= loopStamp && mark < loopStamp + 4 ? (mark & 3) : 0;
}

/** A trial probe of edge e set to `value` starts: its lines hold e's other value. */
function beginProbe(e: i32, value: u8): void {
  context = value == LINE ? 2 * e + 1 : 2 * e;
  probeSide = value == LINE ? 0 : 1;
  if (probeSide == 0) probeCycleLength0 = -1;
  else probeCycleLength1 = -1;
  closed = false;
}

/**
 * After both probes of edge e (the trail at `mark` before each): a probe that failed runs again, logged, and e's
 * other value follows (written as a unit when set, or here when both failed); when neither failed and some edges
 * took the same value in both, both run again, logged, and for each such edge f the clauses "e on implies f's
 * value" and "e off implies it" follow, from which its unit does. A probe that closed a loop wrote nothing after
 * it: for f off, a cycle lemma "not all of that loop on, or f off". A probe runs again as it ran: from the same
 * state, propagation reaches the same fixpoint, or the same contradiction.
 */
function logTrial(e: i32, lineOk: bool, crossOk: bool, mark: i32): void {
  const decided = lineOk && crossOk && common.length > 0;
  if (!lineOk || decided || !crossOk) keepTopLevel();
  const saved = family;
  if (!lineOk || decided) {
    beginProbe(e, LINE);
    assume(e, LINE);
    undo(mark);
    forgetProbeOwed();
  }
  if (!crossOk || decided) {
    beginProbe(e, CROSS);
    assume(e, CROSS);
    undo(mark);
    forgetProbeOwed();
  }
  family = saved;
  context = -1;
  closed = false;
  if (!lineOk && !crossOk) {
    record(PROOF_LEARNT, 1);
    unchecked((proof[proofTop++] = 2 * e + 1));
    settleLine();
    return;
  }
  if (!decided) return;
  // The vertices of each probe's closed loop: an edge off at one of them is off by that vertex's count once the
  // loop is on, and needs no cycle lemma (one per edge, each as long as the loop, would grow with the square of it).
  if (probeCycleLength0 >= 0) markLoopVertices(probeCycle0, probeCycleLength0, 1);
  if (probeCycleLength1 >= 0) markLoopVertices(probeCycle1, probeCycleLength1, 2);
  for (let i = 0; i < common.length; i++) {
    const f = unchecked(common[i]);
    const lit = unchecked(commonValue[f]) == LINE ? 2 * f : 2 * f + 1;
    const touches = loopVertexMark.length == 0 ? 0 : loopMarkOf(unchecked(edgeEnds[f * 2])) | loopMarkOf(unchecked(edgeEnds[f * 2 + 1]));
    for (let side = 0; side < 2; side++) {
      const n = side == 0 ? probeCycleLength0 : probeCycleLength1;
      if (n < 0 || lit == 2 * f || (touches >> side) & 1) continue;
      // Not named: f has no end on the loop, so the clause's off edges hold one cycle, which the checker finds.
      const cycle = side == 0 ? probeCycle0 : probeCycle1;
      record(PROOF_CYCLE, n + 1);
      for (let k = 0; k < n; k++) unchecked((proof[proofTop++] = cycle[k]));
      unchecked((proof[proofTop++] = lit));
      settleLine();
    }
    for (let side = 0; side < 2; side++) {
      record(PROOF_LEARNT, 2);
      unchecked((proof[proofTop++] = side == 0 ? 2 * e + 1 : 2 * e));
      unchecked((proof[proofTop++] = lit));
      settleLine();
    }
  }
}

// --- another grid's rings, parity and their proof lines: rule lemmas (docs/proof-format.md) ---
// What a unit's ring or parity decides follows from its rule, its decided edges and clauses already written (its
// corners' clauses, its edge classes' two-literal clauses): each decision is a rule lemma naming the unit, its
// clause the decision or none (a contradiction) with every decided edge of the ring taken as it is.
const ruleLits = new StaticArray<i32>(64);

/** How many edges a unit (a vertex, or vertexCount + a face) has. */
function ringWidth(unit: i32): i32 {
  const width = unitSlots(unit);
  const base = unitBase(unit);
  const table = unit < vertexCount ? vertexEdges : cellEdges;
  let m = 0;
  while (m < width && unchecked(table[base + m]) >= 0) m++;
  return m;
}

/** A rule lemma of the unit whose ring is loaded (m edges): lit1 and lit2 (-1: none) or each of its decided edges otherwise. */
function logRule(unit: i32, m: i32, lit1: i32, lit2: i32): void {
  if (closed || proofEnded || countImplies(unit, m, lit1, lit2)) return;
  let n = 0;
  if (lit1 >= 0) unchecked((ruleLits[n++] = lit1));
  if (lit2 >= 0) unchecked((ruleLits[n++] = lit2));
  for (let i = 0; i < m; i++) {
    const e = unchecked(ringEdges[i]);
    const s = unchecked(state[e]);
    if (s != UNKNOWN) unchecked((ruleLits[n++] = s == LINE ? 2 * e + 1 : 2 * e));
  }
  if (context >= 0) unchecked((ruleLits[n++] = context));
  const isVertex = unit < vertexCount;
  record(PROOF_RULE, n, 3);
  for (let i = 0; i < n; i++) unchecked((proof[proofTop++] = ruleLits[i]));
  unchecked((proof[proofTop++] = isVertex ? 1 : 0));
  if (isVertex) unchecked((proof[proofTop++] = unit));
  unchecked((proof[proofTop++] = isVertex ? 0 : 1));
  if (!isVertex) unchecked((proof[proofTop++] = unit - vertexCount));
  settleLine();
}

/**
 * Whether the unit's count alone, from its decided edges, implies the clause lit1 or lit2 (-1: none): then the
 * checker's propagation over the unit's rule does what the line would, in every later check too (a count rule
 * decides all that its clauses would), and no line is written.
 */
function countImplies(unit: i32, m: i32, lit1: i32, lit2: i32): bool {
  let on = 0;
  let open = 0;
  for (let i = 0; i < m; i++) {
    const e = unchecked(ringEdges[i]);
    const s = unchecked(state[e]);
    if (s == LINE) on++;
    else if (s == UNKNOWN && e != lit1 >> 1 && e != lit2 >> 1) open++;
  }
  // The literals false: the edge takes the value each forbids (2e + 1, "e off", forbids it on).
  if (lit1 >= 0 && unchecked(state[lit1 >> 1]) == UNKNOWN) on += lit1 & 1;
  if (lit2 >= 0 && lit2 >> 1 != lit1 >> 1 && unchecked(state[lit2 >> 1]) == UNKNOWN) on += lit2 & 1;
  const goal = unit < vertexCount ? 0b101 : 1 << <i32>unchecked(clues[unit - vertexCount]);
  return !reaches(on, on + open, goal);
}

/** The relation of two open edges a and b of the loaded ring (opposite 1, or equal), as its two clauses; none when their classes hold it already, a contradiction when they hold the other. */
function logRelation(unit: i32, m: i32, a: i32, b: i32, opposite: i32): void {
  const ra = findClass(a);
  const fa = foundFlip;
  if (findClass(b) == ra) {
    if ((fa ^ foundFlip) != opposite) logRule(unit, m, -1, -1);
    return;
  }
  logRule(unit, m, 2 * a + 1, 2 * b + opposite);
  logRule(unit, m, 2 * a, 2 * b + 1 - opposite);
}

/** The counts the ring's corner after edge i loses (`seen`: those it keeps): a clause per assignment of its two edges with such a count. */
function logCornerCounts(unit: i32, m: i32, i: i32, seen: i32): void {
  const pair = unchecked(ringPairs[i]);
  const old = <i32>unchecked(corner[pair]);
  const kept = old & seen;
  if (kept == old) return;
  if (kept == 0) {
    logRule(unit, m, -1, -1);
    return;
  }
  const a = unchecked(ringEdges[i]);
  const b = unchecked(ringEdges[i + 1 == m ? 0 : i + 1]);
  const sa = unchecked(state[a]);
  const sb = unchecked(state[b]);
  for (let count = 0; count < 3; count++) {
    if (!((old >> count) & 1) || (kept >> count) & 1) continue;
    for (let va = 0; va < 2; va++) {
      const vb = count - va;
      if (vb < 0 || vb > 1) continue;
      // Satisfied by a decided edge that differs: nothing to forbid.
      if ((sa != UNKNOWN && (sa == LINE ? 1 : 0) != va) || (sb != UNKNOWN && (sb == LINE ? 1 : 0) != vb)) continue;
      logRule(unit, m, sa == UNKNOWN ? 2 * a + va : -1, sb == UNKNOWN ? 2 * b + vb : -1);
    }
  }
}
