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
import { fillGridTables, gridEdgeCount, gridVertexCount } from '../../../wasm/grid';
import * as abi from './abi';
import { CONTRADICTION, CONTRADICTION_IN_TRIAL, NO_LEVEL, PRESOLVED, SEARCH_LEVEL, SOLVED, TIMEOUT, TRIAL_STOPPED, UNSAT } from './abi';
import { STAT_BY_CELL, STAT_BY_GUESS, STAT_BY_LOOP, STAT_BY_TRIAL, STAT_BY_VERTEX, STAT_MAX_DEPTH, STAT_NODES } from './abi';

@external("env", "now")
declare function now(): f64;

// Edge states (abi.ts), as the bytes of the state array.
const UNKNOWN = <u8>abi.UNKNOWN;
const LINE = <u8>abi.LINE;
const CROSS = <u8>abi.CROSS;

// Rule families (RuleFamily in state.ts).
const F_VERTEX = 0;
const F_CELL = 1;
const F_LOOP = 2;
const F_TRIAL = 3;
const F_GUESS = 4;

// Undo trail kinds (TrailKind in state.ts).
const T_EDGE = 0;
const T_CORNER = 1;
const T_PARTNER = 2;
const T_LENGTH = 3;

const POPCOUNT: StaticArray<i32> = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
const CORNER_SLOTS: StaticArray<i32> = [0, 2, 0, 3, 1, 2, 1, 3];
const CORNER_BIT = new StaticArray<i32>(64);
// UNIT_MASKS: the allowed assignments of unit kind k (0..4 a clue, 5 a vertex) at UNIT_START[k]..UNIT_START[k+1].
const UNIT_MASKS = new StaticArray<i32>(96);
const UNIT_START = new StaticArray<i32>(7);

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
}
buildTables();

let edgeCount = 0;
let vertexCount = 0;
let cellCount = 0;
// Edges per vertex and per cell in the tables (-1 padding); 4 and 4 on the square grid, whose corner rules and
// pattern tables hold only there (square false: any planar graph, counted rules only).
let vertexSlots = 4;
let cellSlots = 4;
let square = true;
let state = new StaticArray<u8>(0);
let corner = new StaticArray<u8>(0);
let vertexEdges = new StaticArray<i32>(0);
let cellEdges = new StaticArray<i32>(0);
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
let edgeEnds = new StaticArray<i32>(0);
let edgeCells = new StaticArray<i32>(0);
let clues = new StaticArray<i8>(0);
let cluedCells = new StaticArray<i32>(0);
let cluedCount = 0;
let degree = new StaticArray<u8>(0);
let partner = new StaticArray<i32>(0);
let segmentLength = new StaticArray<i32>(0);
let queue = new StaticArray<i32>(0);
let queued = new StaticArray<u8>(0);
let head = 0;
let tail = 0;
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

// Stats, as RulesStats.
let byVertex = 0;
let byCell = 0;
let byLoop = 0;
let byTrial = 0;
let byGuess = 0;
let nodes = 0;
let maxDepth = 0;
let cornerUpdates = 0;

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
  vertexCount = vertices;
  edgeCount = edges;
  cellCount = cells;
  vertexSlots = vSlots;
  cellSlots = cSlots;
  square = isSquare;
  state = new StaticArray<u8>(edges);
  const corners = isSquare ? vertices * 4 : 0;
  corner = new StaticArray<u8>(corners);
  for (let i = 0; i < corners; i++) unchecked((corner[i] = 7));
  vertexEdges = new StaticArray<i32>(vertices * vSlots);
  cellEdges = new StaticArray<i32>(cells * cSlots);
  cellCorners = new StaticArray<i32>(isSquare ? cells * 4 : 0);
  edgeEnds = new StaticArray<i32>(edges * 2);
  edgeCells = new StaticArray<i32>(edges * 2);
  clues = new StaticArray<i8>(cells);
  cluedCells = new StaticArray<i32>(cells);
  cluedCount = 0;
  degree = new StaticArray<u8>(vertices);
  partner = new StaticArray<i32>(vertices);
  for (let v = 0; v < vertices; v++) unchecked((partner[v] = -1));
  segmentLength = new StaticArray<i32>(vertices);
  queue = new StaticArray<i32>(vertices + cells + 1);
  queued = new StaticArray<u8>(vertices + cells);
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
  byVertex = 0;
  byCell = 0;
  byLoop = 0;
  byTrial = 0;
  byGuess = 0;
  nodes = 0;
  maxDepth = 0;
  cornerUpdates = 0;
}

/** setup for an R x C grid, with its tables filled in here (the wrapper writes only the clues). */
export function setupGrid(rows: i32, cols: i32, maxSolutions: i32): void {
  setup(gridVertexCount(rows, cols), gridEdgeCount(rows, cols), rows * cols, maxSolutions);
  fillGridTables(rows, cols, vertexEdges, edgeEnds, edgeCells, cellEdges);
}

// Where the wrapper writes the tables (Int32 views) and the clues (Int8), and reads the state and solutions (Uint8).
export function vertexEdgesPointer(): usize { return changetype<usize>(vertexEdges); }
export function cellEdgesPointer(): usize { return changetype<usize>(cellEdges); }
export function edgeEndsPointer(): usize { return changetype<usize>(edgeEnds); }
export function edgeCellsPointer(): usize { return changetype<usize>(edgeCells); }
export function cluesPointer(): usize { return changetype<usize>(clues); }
export function statePointer(): usize { return changetype<usize>(state); }
export function solutionsPointer(): usize { return changetype<usize>(solutions); }

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
  const cornersAt = new Array<i32>();
  for (let v = 0; v < vertexCount; v++) cornersAt.push(0);
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
export function stat(k: i32): i32 {
  switch (k) {
    case STAT_BY_VERTEX: return byVertex;
    case STAT_BY_CELL: return byCell;
    case STAT_BY_LOOP: return byLoop;
    case STAT_BY_TRIAL: return byTrial;
    case STAT_BY_GUESS: return byGuess;
    case STAT_NODES: return nodes;
    case STAT_MAX_DEPTH: return maxDepth;
    default: return cornerUpdates; // STAT_CORNER_UPDATES
  }
}

function count(): void {
  if (family == F_VERTEX) byVertex++;
  else if (family == F_CELL) byCell++;
  else if (family == F_LOOP) byLoop++;
  else if (family == F_TRIAL) byTrial++;
  else byGuess++;
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
    else unchecked((segmentLength[index] = old));
  }
}

function enqueue(unit: i32): void {
  if (unit < 0 || unit == ringSelf || unchecked(queued[unit])) return;
  unchecked((queued[unit] = 1));
  unchecked((queue[tail] = unit));
  tail = tail + 1 == queue.length ? 0 : tail + 1;
}

function enqueueEdge(e: i32): void {
  enqueue(unchecked(edgeEnds[e * 2]));
  enqueue(unchecked(edgeEnds[e * 2 + 1]));
  const a = unchecked(edgeCells[e * 2]);
  const b = unchecked(edgeCells[e * 2 + 1]);
  if (a >= 0 && unchecked(clues[a]) >= 0) enqueue(vertexCount + a);
  if (b >= 0 && unchecked(clues[b]) >= 0) enqueue(vertexCount + b);
}

/** Propagator.set: false where it throws. */
function set(e: i32, value: u8): bool {
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
  enqueueEdge(e);
  if (value == CROSS) return true;
  unchecked(degree[a]++);
  unchecked(degree[b]++);
  lines++;
  if (da == 1 && db == 1 && unchecked(partner[a]) == b) {
    if (lines != unchecked(segmentLength[a]) + 1) return false;
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
        const saved = family;
        family = F_LOOP;
        if (!set(f, CROSS)) return false;
        family = saved;
      }
    }
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
  cornerUpdates++;
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
  if (!any) return false;
  family = isVertex ? F_VERTEX : F_CELL;
  if ((canOn & canOff) != 15) {
    for (let i = 0; i < 4; i++) {
      const e = unchecked(edges[base + i]);
      if (e < 0 || unchecked(state[e]) != UNKNOWN) continue;
      if (!(canOff & (1 << i))) {
        if (!set(e, LINE)) return false;
      } else if (!(canOn & (1 << i))) {
        if (!set(e, CROSS)) return false;
      }
    }
  }
  if (useCorners) {
    if (!restrictCorner(k0, s0)) return false;
    if (!restrictCorner(k1, s1)) return false;
    if (!restrictCorner(k2, s2)) return false;
    if (!restrictCorner(k3, s3)) return false;
  }
  return true;
}

// A unit of any graph by counting: a vertex has 0 or 2 lines, a clued face its clue. What the square grid's
// pattern tables deduce without corners, for any degree.
function propagateCount(unit: i32): bool {
  const isVertex = unit < vertexCount;
  const width = isVertex ? vertexSlots : cellSlots;
  const base = isVertex ? unit * width : (unit - vertexCount) * width;
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
  // The unit's own changes do not call it again (what it keeps, some assignment of it allows); a change they
  // caused elsewhere in it (a loop closed, say) does.
  ringSelf = unit;
  const mark = trailLength;
  const ok = ringDeduce(unit);
  ringSelf = -1;
  if (ok && edgesSetSince(mark) > ringSets) enqueue(unit);
  return ok;
}

function edgesSetSince(mark: i32): i32 {
  let n = 0;
  for (let i = mark; i < trailLength; i += 3) if (unchecked(trail[i]) == T_EDGE) n++;
  return n;
}

function ringDeduce(unit: i32): bool {
  const isVertex = unit < vertexCount;
  const ring = isVertex ? vertexRing : cellEdges;
  const pairs = isVertex ? ringCorners : faceCorners;
  const width = isVertex ? vertexSlots : cellSlots;
  const base = isVertex ? unit * width : (unit - vertexCount) * width;
  const target = isVertex ? 0b101 : 1 << <i32>unchecked(clues[unit - vertexCount]);
  let m = 0;
  let start = -1;
  while (m < width && unchecked(ring[base + m]) >= 0) {
    if (start < 0 && unchecked(state[ring[base + m]]) != UNKNOWN) start = m;
    m++;
  }
  ringSets = 0;
  // From a decided edge where there is one: the walks then run for its one value, not both.
  if (start < 0) start = 0;
  for (let j = 0, i = start; j < m; j++, i = i + 1 == m ? 0 : i + 1) {
    unchecked((ringEdges[j] = ring[base + i]));
    unchecked((ringPairs[j] = pairs[base + i]));
  }
  if (m == 0) return true;
  if (m == 1) unchecked((ringPairs[0] = -1));
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
  if (edgeSupport == 0) return false;
  family = isVertex ? F_VERTEX : F_CELL;
  for (let i = 0; i < m; i++) {
    const e = unchecked(ringEdges[i]);
    const can = (edgeSupport >> (2 * i)) & 3;
    if (can == 0) return false;
    if (can != 3 && unchecked(state[e]) == UNKNOWN) {
      if (!set(e, can == 2 ? LINE : CROSS)) return false;
      ringSets++;
    }
  }
  for (let i = 0; i < m; i++) {
    const pair = unchecked(ringPairs[i]);
    if (pair >= 0 && !restrictCorner(pair, unchecked(pairSeen[i]))) return false;
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

function clearQueue(): void {
  while (head != tail) {
    unchecked((queued[queue[head]] = 0));
    head = head + 1 == queue.length ? 0 : head + 1;
  }
}

function propagate(): bool {
  while (head != tail) {
    const unit = unchecked(queue[head]);
    head = head + 1 == queue.length ? 0 : head + 1;
    unchecked((queued[unit] = 0));
    if (!(square ? propagateUnit(unit) : useCorners ? propagateRing(unit) : propagateCount(unit))) {
      clearQueue();
      return false;
    }
  }
  return true;
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
  const ok = trialSweeps(deadline);
  useCorners = withRings;
  return ok;
}

function trialSweeps(deadline: f64): bool {
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
      const sVertex = byVertex, sCell = byCell, sLoop = byLoop, sGuess = byGuess, sCorner = cornerUpdates;
      const mark = trailLength;
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
      byVertex = sVertex;
      byCell = sCell;
      byLoop = sLoop;
      byGuess = sGuess;
      cornerUpdates = sCorner;
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
        if (!propagate()) return false;
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
  for (let i = 0; i < cluedCount; i++) {
    const cell = unchecked(cluedCells[i]);
    let n = 0;
    for (let j = 0; j < cellSlots; j++) {
      const e = unchecked(cellEdges[cell * cellSlots + j]);
      if (e >= 0 && unchecked(state[e]) == LINE) n++;
    }
    if (n != <i32>unchecked(clues[cell])) return false;
  }
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
  nodes++;
  if (depth > maxDepth) maxDepth = depth;
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
