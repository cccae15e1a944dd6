// The seeded puzzle generator: draw a random single loop as the boundary of a random simply-connected
// region of cells, write every clue, then remove clues while the puzzle keeps exactly one solution.
// Pure apart from the uniqueness oracle it is given; the same seed and a correct oracle give the same
// puzzles on any machine (pure-rand's xoroshiro128+ is specified bit for bit).
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { clueCount, gridOf, makePuzzle as makeSquarePuzzle, makeTiledPuzzle, type Clue, type Grid, type Puzzle, type Tiling } from '../encodings/grid.ts';
import { regionBoundary, solutionFromEdges, type Solution } from '../encodings/solution.ts';
import { verify } from '../encodings/verify.ts';
import { LEVELS, type Level } from '../encodings/backends/rules/levels.ts';
import { TILINGS } from '../encodings/tilings/index.ts';

export interface OracleAnswer {
  /** True when the puzzle has exactly one solution. */
  unique: boolean;
  /** The weakest deduction level that solves it, when the oracle can tell. */
  level?: Level;
  /**
   * When not unique, edges that show where (left undecided by deduction, or where a second loop differs
   * from the first), if the oracle can tell: the local strategy blames the removed clues near them.
   */
  where?: readonly number[];
}

/**
 * Decides uniqueness (and, if it can, the level) of a puzzle. Must be exact: a wrong 'unique' breaks the set.
 * Given `maxLevel`, it may answer `unique: false` for a puzzle it cannot settle within that level: the
 * generator only needs to know whether to accept.
 */
export type UniquenessOracle = (puzzle: Puzzle, maxLevel?: Level) => Promise<OracleAnswer>;

export interface GenerateOptions {
  rows: number;
  cols: number;
  /** Another grid than the square one (rows and cols are then its height and width). */
  tiling?: Tiling;
  seed: number;
  /** Which puzzle of the sequence (0-based); each index has its own random stream. */
  index: number;
  /** The highest level accepted while removing clues (undefined: any level). */
  maxLevel?: Level;
  /** How clues are removed (see `generatePuzzle`); default `batch`. */
  strategy?: Strategy;
  /** `local` only: also try every clue kept by blame alone at the end, so that no clue can be removed alone. */
  minimal?: boolean;
  /** A state saved by `onRound` of an earlier run of the same options: carry on from there. */
  resume?: RemovalState;
  /** Called after every settled round with the state to save and how far the removal is. */
  onRound?: (state: RemovalState, progress: RemovalProgress) => void;
  /** Asked between rounds; true stops the run with a `GenerationInterrupted` that holds the state. */
  shouldStop?: () => boolean;
}

/**
 * batch: clues in a random order, removed in batches that double after a success and halve after a
 * failure, each checked on the whole grid: minimal, but a kept clue costs at least one whole-grid check.
 * local: for large grids. Rounds remove many clues at once, each at least SPACING cells from the others;
 * when the oracle says where the puzzle is not unique, only the removed clues near there are kept back and
 * the rest are checked again. Without a maxLevel, a first phase removes what deduction (corners) allows,
 * cheap at any size, and a second what deduction with trial allows. The result is minimal only at that
 * level and only up to the blame (a kept clue was needed beside other removals); `minimal` adds a pass that
 * tries each remaining clue alone with the full oracle (exact search), one whole-grid check per clue.
 */
export type Strategy = 'batch' | 'local';
/** From this many cells (60x60) local is the default on the square grid: whole-grid checks per kept clue cost too much. */
export const LOCAL_FROM_CELLS = 3600;
/** On the other grids from this many faces: there the last checks of a minimal puzzle search far longer. */
export const LOCAL_FROM_FACES = 400;
/** The strategy generate takes when none is asked for. */
export function defaultStrategy(faces: number, square: boolean): Strategy {
  return faces >= (square ? LOCAL_FROM_CELLS : LOCAL_FROM_FACES) ? 'local' : 'batch';
}
export const STRATEGIES: readonly Strategy[] = ['batch', 'local'];

/** Where a removal stands, in plain JSON: what a state file holds between runs. */
export interface RemovalState {
  strategy: Strategy;
  /** The current clues, one character per cell ('.' blank). */
  clues: string;
  /** local: per cell '.' not tried yet, 'b' blamed once (tried again), 'r' removed, 'k' kept. */
  status?: string;
  /** local: 0 deduction phase, 1 search phase (only without a maxLevel); 2 the --minimal pass. */
  phase?: number;
  /** batch: the next position in the order and the batch size. */
  at?: number;
  batch?: number;
  checks: number;
  level?: Level;
}

export interface RemovalProgress {
  phase: string;
  /** Clues settled (removed or kept) in this phase, out of `total`. */
  settled: number;
  total: number;
  clues: number;
  checks: number;
}

export class GenerationInterrupted extends Error {
  constructor(readonly state: RemovalState) {
    super('generation interrupted');
  }
}

export interface GeneratedPuzzle {
  puzzle: Puzzle;
  solution: Solution;
  level?: Level;
  /** Oracle calls made. */
  checks: number;
}

/** A small random source with the few draws the generator needs. */
export class Random {
  private readonly generator: RandomGenerator;
  /** Several seeds (seed, rows, cols, index) are hashed into one, so each puzzle has its own stream. */
  constructor(...seeds: number[]) {
    let h = 0x2545f491;
    for (const s of seeds) {
      h = Math.imul(h ^ (s | 0), 0x9e3779b1);
      h ^= h >>> 15;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
    }
    this.generator = xoroshiro128plus(h | 0);
  }
  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return uniformInt(this.generator, min, max);
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/** The edges between inside and outside cells (the grid's border counts as outside). */
export function boundaryEdges(rows: number, cols: number, inside: Uint8Array): number[] {
  return regionBoundary(gridOf({ rows, cols }), inside);
}

/**
 * Whether adding `cell` (outside, beside the region) keeps the region's boundary one simple loop: no vertex
 * where the region touches itself only at a corner, and the region meets the cell's ring of eight neighbours
 * in one run (two runs would close a ring of cells around outside cells: a hole, a second loop). Off-grid
 * cells count as outside. Equivalent to verifying the whole boundary (tested), in constant time.
 */
function keepsOneLoop(rows: number, cols: number, inside: Uint8Array, cell: number): boolean {
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const at = (dr: number, dc: number) => {
    const rr = r + dr;
    const cc = c + dc;
    return rr >= 0 && rr < rows && cc >= 0 && cc < cols ? inside[rr * cols + cc] : 0;
  };
  // The ring clockwise from north: N, NE, E, SE, S, SW, W, NW.
  const ring = [at(-1, 0), at(-1, 1), at(0, 1), at(1, 1), at(1, 0), at(1, -1), at(0, -1), at(-1, -1)];
  let runs = 0;
  for (let i = 0; i < 8; i++) {
    if (ring[i] && !ring[(i + 7) % 8]) runs++;
    // A corner cell inside with both cells beside it outside: the corner vertex would have degree 4.
    if (i % 2 === 1 && ring[i] && !ring[i - 1] && !ring[(i + 1) % 8]) return false;
  }
  return runs === 1;
}

/**
 * Grows a random region from one cell, adding neighbouring cells while its boundary stays one simple loop
 * (no hole, no two cells touching only at a corner). Returns the loop as a solution.
 */
export function randomLoop(rows: number, cols: number, random: Random, tiling?: Tiling): Solution {
  if (tiling) return randomLoopOnTiling(tiling, random);
  const grid = gridOf({ rows, cols });
  const blank = makeSquarePuzzle(rows, cols, new Array<Clue>(grid.cellCount).fill(null));
  const neighbours = (cell: number): number[] => {
    const [r, c] = grid.cellPosition(cell);
    const out: number[] = [];
    if (r > 0) out.push(grid.cell(r - 1, c));
    if (r < rows - 1) out.push(grid.cell(r + 1, c));
    if (c > 0) out.push(grid.cell(r, c - 1));
    if (c < cols - 1) out.push(grid.cell(r, c + 1));
    return out;
  };
  const inside = growRegion(grid.cellCount, neighbours, (region, cell) => keepsOneLoop(rows, cols, region, cell), random);
  return solutionFromEdges(blank, boundaryEdges(rows, cols, inside));
}

/**
 * The region's growth on any grid: from a random face, faces beside it added while `keeps` says its boundary
 * stays one simple loop, until 30-65% of the faces are inside (at least one, never all) or it stalls.
 */
function growRegion(faces: number, neighbours: (face: number) => readonly number[], keeps: (inside: Uint8Array, face: number) => boolean, random: Random): Uint8Array {
  const inside = new Uint8Array(faces);
  // Inside neighbours of every face, kept up to date: the frontier is the outside faces with any.
  const touching = new Uint8Array(faces);
  const add = (face: number) => {
    inside[face] = 1;
    for (const n of neighbours(face)) touching[n]++;
  };
  add(random.int(0, faces - 1));
  if (faces === 1) return inside;
  const target = Math.max(1, Math.min(faces - 1, Math.round((faces * random.int(30, 65)) / 100)));
  let size = 1;
  let stalled = 0;
  while (size < target && stalled < 4) {
    const frontier: number[] = [];
    for (let face = 0; face < faces; face++) if (!inside[face] && touching[face] > 0) frontier.push(face);
    random.shuffle(frontier);
    // Prefer faces touching the region on one side only: the region grows arms, the loop winds. (A stable
    // partition, as a stable sort on min(touching, 2) would order them, in linear time.)
    const ordered = frontier.filter((face) => touching[face] === 1);
    for (const face of frontier) if (touching[face] > 1) ordered.push(face);
    let added = 0;
    for (const face of ordered) {
      if (size >= target) break;
      if (keeps(inside, face)) {
        add(face);
        size++;
        added++;
        if (random.int(0, 3) === 0) break; // re-draw the frontier now and then so the region grows unevenly
      }
    }
    stalled = added === 0 ? stalled + 1 : 0;
  }
  return inside;
}

/**
 * Whether adding `face` (outside, beside the region) keeps the region's boundary one simple loop, on any
 * grid: the edges it shares with the region make one run around it, and no other of its vertices touches the
 * region (that would pinch the boundary at a vertex, or close a ring around outside faces). A run of k edges
 * has k + 1 vertices, so the test is one count.
 */
function keepsOneLoopOnGraph(grid: Grid, inside: Uint8Array, face: number, facesAt: readonly (readonly number[])[]): boolean {
  const edges = grid.edgesOfFace(face);
  const shared = edges.map((e) => grid.facesBesideEdge(e).some((f) => f !== face && inside[f] === 1));
  let runs = 0;
  for (let i = 0; i < shared.length; i++) if (shared[i] && !shared[(i + shared.length - 1) % shared.length]) runs++;
  if (runs !== 1) return false;
  const touched = grid.verticesOfFace(face).filter((v) => facesAt[v].some((f) => f !== face && inside[f] === 1)).length;
  return touched === shared.filter(Boolean).length + 1;
}

/** randomLoop on another grid than the square one: the same growth, faces beside each other across an edge. */
function randomLoopOnTiling(tiling: Tiling, random: Random): Solution {
  const grid = gridOf({ rows: tiling.height, cols: tiling.width, tiling });
  const blank = makeTiledPuzzle(tiling, new Array<Clue>(grid.faceCount).fill(null));
  const facesAt = facesAtVertices(grid);
  const neighbours = Array.from({ length: grid.faceCount }, (_, f) => grid.edgesOfFace(f).flatMap((e) => grid.facesBesideEdge(e)).filter((g) => g !== f));
  const inside = growRegion(grid.faceCount, (face) => neighbours[face], (region, face) => keepsOneLoopOnGraph(grid, region, face, facesAt), random);
  return solutionFromEdges(blank, regionBoundary(grid, inside));
}

/**
 * A Penrose grid's patch, drawn for each puzzle as Loopy draws one for each new game (again while it leaves no
 * face, which a small grid's patch can); other grids as given.
 */
export function withPatch(tiling: Tiling, random: Random): Tiling {
  const draw = tiling.patch ? undefined : TILINGS[tiling.type]?.drawPatch;
  if (!draw) return tiling;
  for (let attempt = 0; ; attempt++) {
    const drawn = { ...tiling, patch: draw(tiling.width, tiling.height, (min, max) => random.int(min, max)) };
    try {
      gridOf({ rows: drawn.height, cols: drawn.width, tiling: drawn });
      return drawn;
    } catch (error) {
      if (attempt >= 100) throw error;
    }
  }
}

/** Every cell's clue for a loop. */
export function fullClues(solution: Solution): Clue[] {
  const grid = gridOf(solution);
  const clues: Clue[] = [];
  for (let cell = 0; cell < grid.cellCount; cell++) {
    let count = 0;
    for (const e of grid.edgesOfCell(cell)) count += solution.on[e];
    clues.push(count as Clue);
  }
  return clues;
}

const levelRank = (level: Level | undefined) => (level === undefined ? LEVELS.length : LEVELS.indexOf(level));

const clueText = (clues: readonly Clue[]) => clues.map((c) => (c === null ? '.' : String(c))).join('');
const cluesFrom = (text: string): Clue[] => [...text].map((ch) => (ch === '.' ? null : (Number(ch) as Clue)));

/** Clues at least this many cells apart (Chebyshev) are removed in the same local round. */
export const SPACING = 5;
/** A removed clue is blamed when a cell within this distance touches an edge the oracle points at. */
const BLAME_RADIUS = 2;

/**
 * Generates one puzzle: a random loop, all clues, then clues removed in a random order while the oracle
 * says the puzzle stays unique (and no harder than maxLevel), by the chosen strategy.
 */
export async function generatePuzzle(options: GenerateOptions, oracle: UniquenessOracle): Promise<GeneratedPuzzle> {
  const { rows, cols } = options;
  const random = new Random(options.seed, rows, cols, options.index);
  const tiling = options.tiling && withPatch(options.tiling, random);
  const solution = randomLoop(rows, cols, random, tiling);
  const makePuzzle = (clues: Clue[]): Puzzle => (tiling ? makeTiledPuzzle(tiling, clues) : makeSquarePuzzle(rows, cols, clues));
  const strategy = options.strategy ?? 'batch';
  const order = random.shuffle([...fullClues(solution).keys()]);
  const resume = options.resume;
  if (resume && resume.strategy !== strategy) throw new Error(`the saved state is for the ${resume.strategy} strategy, not ${strategy}`);
  const clues = resume ? cluesFrom(resume.clues) : fullClues(solution);
  let checks = resume?.checks ?? 0;
  let level: Level | undefined = resume?.level;

  const accepts = async (candidate: Clue[], maxLevel = options.maxLevel): Promise<OracleAnswer> => {
    checks++;
    const answer = await oracle(makePuzzle(candidate), maxLevel);
    if (answer.unique && maxLevel && levelRank(answer.level) > levelRank(maxLevel)) return { unique: false };
    return answer;
  };
  if (!resume) {
    const first = await accepts(clues);
    if (!first.unique) throw new Error(`internal: the fully clued ${rows}x${cols} puzzle was not accepted by the oracle`);
    level = first.level;
  }
  const stopIfAsked = (state: () => RemovalState) => {
    if (options.shouldStop?.()) throw new GenerationInterrupted(state());
  };

  if (strategy === 'batch') {
    let batch = resume?.batch ?? Math.max(1, Math.floor(order.length / 8));
    let at = resume?.at ?? 0;
    const state = (): RemovalState => ({ strategy, clues: clueText(clues), at, batch, checks, level });
    while (at < order.length) {
      stopIfAsked(state);
      const take = order.slice(at, at + batch);
      const candidate = [...clues];
      for (const cell of take) candidate[cell] = null;
      const answer = await accepts(candidate);
      if (answer.unique) {
        for (const cell of take) clues[cell] = null;
        level = answer.level;
        at += take.length;
        batch = Math.min(batch * 2, Math.max(1, order.length - at));
      } else if (take.length > 1) {
        batch = Math.max(1, Math.floor(take.length / 2));
      } else {
        at += 1; // this clue stays
      }
      options.onRound?.(state(), { phase: 'remove', settled: at, total: order.length, clues: clues.filter((c) => c !== null).length, checks });
    }
    return { puzzle: makePuzzle(clues), solution, level, checks };
  }

  // local
  const grid = gridOf(solution);
  const status = resume?.status ? [...resume.status] : new Array<string>(grid.cellCount).fill('.');
  let phase = resume?.phase ?? 0;
  // Without a maxLevel: deduction first, then deduction and trial; exact search only in the minimal pass,
  // since a search's second loop shows one place at a time where the puzzle is not unique (one clue a check).
  const phases: (Level | undefined)[] = options.maxLevel ? [options.maxLevel] : ['corners', 'trial'];
  const phaseNames = options.maxLevel ? [`deduction (${options.maxLevel})`] : ['deduction (corners)', 'deduction and trial'];
  if (options.minimal) {
    phases.push(options.maxLevel);
    phaseNames.push('minimal');
  }
  const state = (): RemovalState => ({ strategy, clues: clueText(clues), status: status.join(''), phase, checks, level });
  // On another grid, distances are steps between faces that share a vertex (the square grid's rows and
  // columns measure the same there: its eight neighbours are one step).
  const around = tiling ? facesAround(grid) : undefined;
  const near = (cell: number, marked: Uint8Array): boolean => {
    if (around) return facesWithin(around, cell, BLAME_RADIUS).some((f) => marked[f]);
    const [r, c] = grid.cellPosition(cell);
    for (let rr = Math.max(0, r - BLAME_RADIUS); rr <= Math.min(rows - 1, r + BLAME_RADIUS); rr++) {
      for (let cc = Math.max(0, c - BLAME_RADIUS); cc <= Math.min(cols - 1, c + BLAME_RADIUS); cc++) if (marked[grid.cell(rr, cc)]) return true;
    }
    return false;
  };
  const settle = async (batch: number[], maxLevel: Level | undefined, blame: boolean): Promise<void> => {
    const candidate = [...clues];
    for (const cell of batch) candidate[cell] = null;
    const answer = await accepts(candidate, maxLevel);
    if (answer.unique) {
      for (const cell of batch) {
        clues[cell] = null;
        status[cell] = 'r';
      }
      level = answer.level;
      return;
    }
    if (batch.length === 1) {
      status[batch[0]] = 'k';
      return;
    }
    let blamed: number[] = [];
    if (blame && answer.where) {
      const marked = new Uint8Array(grid.cellCount);
      for (const e of answer.where) for (const cell of grid.cellsBesideEdge(e)) marked[cell] = 1;
      blamed = batch.filter((cell) => near(cell, marked));
    }
    if (blamed.length > 0 && blamed.length < batch.length) {
      // A clue blamed once may only have been beside another's trouble: it is tried again in a later round;
      // blamed twice, it stays.
      for (const cell of blamed) status[cell] = status[cell] === 'b' ? 'k' : 'b';
      await settle(batch.filter((cell) => !blamed.includes(cell)), maxLevel, blame);
      return;
    }
    // Nothing to blame (or everything): halve.
    const half = Math.ceil(batch.length / 2);
    await settle(batch.slice(0, half), maxLevel, blame);
    await settle(batch.slice(half), maxLevel, blame);
  };
  while (phase < phases.length) {
    const maxLevel = phases[phase];
    const minimalPass = phaseNames[phase] === 'minimal';
    const candidates = () => order.filter((cell) => clues[cell] !== null && (status[cell] === '.' || status[cell] === 'b'));
    const total = candidates().length;
    for (;;) {
      stopIfAsked(state);
      const open = candidates();
      if (open.length === 0) break;
      // One round: open clues in the order, each at least SPACING cells from those already taken (one, in the minimal pass).
      const blocked = new Uint8Array(grid.cellCount);
      const batch: number[] = [];
      for (const cell of open) {
        if (blocked[cell]) continue;
        batch.push(cell);
        if (minimalPass) break;
        if (around) {
          for (const f of facesWithin(around, cell, SPACING - 1)) blocked[f] = 1;
          continue;
        }
        const [r, c] = grid.cellPosition(cell);
        for (let rr = Math.max(0, r - SPACING + 1); rr <= Math.min(rows - 1, r + SPACING - 1); rr++) {
          for (let cc = Math.max(0, c - SPACING + 1); cc <= Math.min(cols - 1, c + SPACING - 1); cc++) blocked[grid.cell(rr, cc)] = 1;
        }
      }
      await settle(batch, maxLevel, !minimalPass);
      const settled = total - candidates().length;
      options.onRound?.(state(), { phase: phaseNames[phase], settled, total, clues: clues.filter((c) => c !== null).length, checks });
    }
    phase++;
    // The next phase tries again every clue kept so far (under a weaker acceptance, or alone).
    for (let cell = 0; cell < grid.cellCount; cell++) if (status[cell] === 'k' || status[cell] === 'b') status[cell] = '.';
  }
  // The level of the last accepted check is that of the final puzzle; corners may be more than it needs.
  if (level === 'corners') {
    const basic = await oracle(makePuzzle(clues), 'basic');
    checks++;
    if (basic.unique && basic.level === 'basic') level = 'basic';
  }
  return { puzzle: makePuzzle(clues), solution, level, checks };
}

/** The faces around each vertex. */
function facesAtVertices(grid: Grid): number[][] {
  return Array.from({ length: grid.vertexCount }, (_, v) => [...new Set(grid.edgesAtVertex(v).flatMap((e) => grid.facesBesideEdge(e)))]);
}

/** The faces that share a vertex with each face. */
function facesAround(grid: Grid): number[][] {
  const at = facesAtVertices(grid);
  return Array.from({ length: grid.faceCount }, (_, f) => [...new Set(grid.verticesOfFace(f).flatMap((v) => at[v]))].filter((g) => g !== f));
}

/** The faces at most `radius` steps from `face` (itself included), a step being to a face that shares a vertex. */
function facesWithin(around: readonly (readonly number[])[], face: number, radius: number): number[] {
  const seen = new Set([face]);
  let ring = [face];
  for (let step = 0; step < radius; step++) {
    const next: number[] = [];
    for (const f of ring) for (const g of around[f]) if (!seen.has(g)) (seen.add(g), next.push(g));
    ring = next;
  }
  return [...seen];
}

export type Difficulty = 'any' | 'easy' | 'medium' | 'hard';
export const DIFFICULTIES: readonly Difficulty[] = ['any', 'easy', 'medium', 'hard'];

/**
 * Difficulty by deduction level (needs an oracle that reports one, i.e. the rules back-end):
 * easy = basic rules suffice, medium = corner rules needed, hard = trial or search needed.
 * Without levels, by clue density of the minimal puzzle: easy >= 45%, medium 33-45%, hard < 33% of cells clued.
 */
export function difficultyOf(generated: GeneratedPuzzle): Exclude<Difficulty, 'any'> {
  const level = generated.level;
  if (level) return level === 'basic' ? 'easy' : level === 'corners' ? 'medium' : 'hard';
  const density = clueCount(generated.puzzle) / generated.puzzle.clues.length;
  return density >= 0.45 ? 'easy' : density >= 0.33 ? 'medium' : 'hard';
}

export interface GenerateRun {
  rows: number;
  cols: number;
  /** Another grid than the square one (rows and cols are then its height and width). */
  tiling?: Tiling;
  count: number;
  seed: number;
  difficulty: Difficulty;
  oracle: UniquenessOracle;
  strategy?: Strategy;
  minimal?: boolean;
  /** Attempts per puzzle to reach the asked difficulty before taking the last one. */
  attempts?: number;
  /** Where an interrupted run stopped: puzzles done, the attempt of the next one, and its removal state. */
  resume?: SetPosition;
  onPuzzle?: (index: number, generated: GeneratedPuzzle, difficulty: string) => void | Promise<void>;
  /** After every round of removal: the position to save (see `resume`) and the progress of the current puzzle. */
  onRound?: (position: SetPosition, progress: RemovalProgress) => void;
  shouldStop?: () => boolean;
}

export interface SetPosition {
  /** Puzzles finished. */
  done: number;
  /** Attempts of puzzle `done` finished (each a whole puzzle of the wrong difficulty). */
  attempt: number;
  state?: RemovalState;
}

export async function generateSet(run: GenerateRun): Promise<{ generated: GeneratedPuzzle; difficulty: string; attempts: number }[]> {
  const out: { generated: GeneratedPuzzle; difficulty: string; attempts: number }[] = [];
  const maxLevel: Level | undefined = run.difficulty === 'easy' ? 'basic' : run.difficulty === 'medium' ? 'corners' : undefined;
  const attempts = run.difficulty === 'any' ? 1 : (run.attempts ?? 12);
  for (let index = run.resume?.done ?? 0; index < run.count; index++) {
    let generated: GeneratedPuzzle | undefined;
    let difficulty = '';
    const resumed = run.resume && run.resume.done === index ? run.resume : undefined;
    let tried = resumed?.attempt ?? 0;
    let state = resumed?.state;
    // Attempt k of puzzle i uses stream index i + k * 1_000_003, so puzzle i never depends on --count.
    while (tried < attempts) {
      const attempt = tried;
      generated = await generatePuzzle(
        {
          rows: run.rows, cols: run.cols, tiling: run.tiling, seed: run.seed, index: index + attempt * 1_000_003, maxLevel,
          strategy: run.strategy, minimal: run.minimal, resume: state, shouldStop: run.shouldStop,
          onRound: (removal, progress) => run.onRound?.({ done: index, attempt, state: removal }, progress),
        },
        run.oracle,
      );
      state = undefined;
      tried++;
      difficulty = difficultyOf(generated);
      if (run.difficulty === 'any' || difficulty === run.difficulty) break;
      run.onRound?.({ done: index, attempt: tried }, { phase: 'next attempt', settled: 0, total: 1, clues: clueCount(generated.puzzle), checks: generated.checks });
    }
    await run.onPuzzle?.(index, generated!, difficulty);
    out.push({ generated: generated!, difficulty, attempts: tried });
  }
  return out;
}
