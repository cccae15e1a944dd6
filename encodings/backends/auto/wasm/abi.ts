// The numbers auto's core and wasm/binding.ts must agree on, in one file that both import (AssemblyScript and
// TypeScript): the slots of the info array the core fills in one call, and what they hold. Numeric constants
// only, which both languages read. The answers in it are in the rules core's and the cdcl core's codes
// (rules/wasm/abi.ts, cdcl/wasm/abi.ts).

// The slots of the info array.
/** How the presolve ended: SEARCHED, CONTRADICTION or DECIDED. */
export const PRESOLVE = 0;
export const DECIDED_EDGES = 1;
/** 1: trial ran; 0: not. */
export const TRIAL_RAN = 2;
/** TRIAL_NOT_RUN, TRIAL_TIMED_OUT (at its deadline) or TRIAL_COMPLETED. */
export const TRIAL_FINISHED = 3;
/** The clock when the presolve ended. */
export const PRESOLVED_AT = 4;
/** With DECIDED: the rules core's status and level. */
export const RULES_STATUS = 5;
export const RULES_LEVEL = 6;
/** The search's answers (cdcl codes), or NOT_RUN. */
export const FIRST_ANSWER = 7;
export const SECOND_ANSWER = 8;
/** The search's clauses, and how many of them are corner clauses (WasmLoopSearch's). */
export const CLAUSES = 9;
export const CORNER_CLAUSES = 10;
export const INFO_SLOTS = 11;

// How the presolve ended (info[PRESOLVE]).
/** Edges were left open: the search ran. */
export const SEARCHED = 0;
export const CONTRADICTION = 1;
/** Deduction decided every edge: the rules core's solve checked them for one loop. */
export const DECIDED = 2;

// info[TRIAL_FINISHED].
export const TRIAL_NOT_RUN = -1;
export const TRIAL_TIMED_OUT = 0;
export const TRIAL_COMPLETED = 1;

/** info[SECOND_ANSWER] (and FIRST_ANSWER) when that search did not run. */
export const NOT_RUN = -1;
