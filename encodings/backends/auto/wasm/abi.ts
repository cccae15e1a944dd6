// The numbers auto's core and wasm/binding.ts must agree on, in one file that both import (AssemblyScript and
// TypeScript): the slots of the info array the core fills in one call, and what they hold. Numeric constants
// only, which both languages read. The answers in it are in the rules core's and the cdcl core's codes
// (rules/wasm/abi.ts, cdcl/wasm/abi.ts).

// The slots of the info array, INFO_SLOTS of them:
// - PRESOLVE: how the presolve ended (SEARCHED, CONTRADICTION or DECIDED); DECIDED_EDGES: how many it decided;
// - TRIAL_RAN: 1 when trial ran, else 0; TRIAL_FINISHED: TRIAL_NOT_RUN, TRIAL_TIMED_OUT or TRIAL_COMPLETED;
// - PRESOLVED_AT: the clock when the presolve ended;
// - RULES_STATUS, RULES_LEVEL: with DECIDED, the rules core's status and level;
// - FIRST_ANSWER, SECOND_ANSWER: the search's answers (the cdcl core's codes), or NOT_RUN;
// - CLAUSES, CORNER_CLAUSES: the search's clauses, and how many of them are corner clauses.
export const PRESOLVE = 0, DECIDED_EDGES = 1, TRIAL_RAN = 2, TRIAL_FINISHED = 3, PRESOLVED_AT = 4;
export const RULES_STATUS = 5, RULES_LEVEL = 6, FIRST_ANSWER = 7, SECOND_ANSWER = 8, CLAUSES = 9, CORNER_CLAUSES = 10;
export const INFO_SLOTS = 11;

/** How the presolve ended: edges were left open and the search ran; a contradiction; every edge decided by deduction. */
export const SEARCHED = 0, CONTRADICTION = 1, DECIDED = 2;

/** info[TRIAL_FINISHED]. */
export const TRIAL_NOT_RUN = -1, TRIAL_TIMED_OUT = 0, TRIAL_COMPLETED = 1;

/** info[FIRST_ANSWER] and info[SECOND_ANSWER] when that search did not run. */
export const NOT_RUN = -1;
