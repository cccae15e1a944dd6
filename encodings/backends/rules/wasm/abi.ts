// The numbers the rules core and its TypeScript side must agree on, in one file that both import: wasm/core.ts
// (AssemblyScript) and wasm/binding.ts, state.ts (TypeScript). Written in what both languages read: numeric
// constants only (the AssemblyScript side casts them where it needs a narrower type).

/** Edge states: state.ts's, the core's, and the bytes of the state a presolve hands over. */
export const UNKNOWN = 0, LINE = 1, CROSS = 2;

/** What the core's solve returns (binding.ts's STATUS names them). */
export const SOLVED = 0, UNSAT = 1, TIMEOUT = 2;

/**
 * What the core's presolve and continueWithTrial return: done, a contradiction before trial, trial stopped at
 * the deadline (what it decided so far stands), a contradiction found by trial.
 */
export const PRESOLVED = 0, CONTRADICTION = 1, TRIAL_STOPPED = 2, CONTRADICTION_IN_TRIAL = 3;

/**
 * The level that decided the puzzle, as the core's level() returns it: an index into levels.ts's LEVELS
 * (basic, corners, trial, search), or NO_LEVEL.
 */
export const SEARCH_LEVEL = 3, NO_LEVEL = -1;

/** The core's stat(k): the counters of state.ts's RulesStats, by slot. */
export const STAT_BY_VERTEX = 0, STAT_BY_CELL = 1, STAT_BY_LOOP = 2, STAT_BY_TRIAL = 3, STAT_BY_GUESS = 4, STAT_NODES = 5, STAT_MAX_DEPTH = 6, STAT_CORNER_UPDATES = 7;
export const STAT_SLOTS = 8;
