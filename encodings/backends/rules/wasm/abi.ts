// The numbers the rules core and its TypeScript side must agree on, in one file that both import: wasm/core.ts
// (AssemblyScript) and wasm/binding.ts, state.ts (TypeScript). Written in what both languages read: numeric
// constants only (the AssemblyScript side casts them where it needs a narrower type).

// Edge states: state.ts's, the core's, and the bytes of the state a presolve hands over.
export const UNKNOWN = 0;
export const LINE = 1;
export const CROSS = 2;

// What the core's solve returns (binding.ts's STATUS names them).
export const SOLVED = 0;
export const UNSAT = 1;
export const TIMEOUT = 2;

// What the core's presolve and continueWithTrial return.
export const PRESOLVED = 0;
export const CONTRADICTION = 1;
/** Trial stopped at the deadline: what it decided so far stands. */
export const TRIAL_STOPPED = 2;
export const CONTRADICTION_IN_TRIAL = 3;

// The level that decided the puzzle, as the core's level() returns it: an index into levels.ts's LEVELS
// (basic, corners, trial, search), or NO_LEVEL.
export const SEARCH_LEVEL = 3;
export const NO_LEVEL = -1;

// The core's stat(k): the counters of state.ts's RulesStats, by slot.
export const STAT_BY_VERTEX = 0;
export const STAT_BY_CELL = 1;
export const STAT_BY_LOOP = 2;
export const STAT_BY_TRIAL = 3;
export const STAT_BY_GUESS = 4;
export const STAT_NODES = 5;
export const STAT_MAX_DEPTH = 6;
export const STAT_CORNER_UPDATES = 7;
