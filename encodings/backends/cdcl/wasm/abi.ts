// The numbers cdcl-loop's core and its TypeScript twin must agree on, in one file that both import: wasm/core.ts
// (AssemblyScript) and wasm/binding.ts, solver.ts, loop-propagator.ts (TypeScript). Written in what both
// languages read: numeric constants only (`1.0 / 32`, not `1 / 32`: AssemblyScript divides integers as integers).

/**
 * What the core's solve returns (binding.ts's ANSWERS names them; auto's core reports its searches so too).
 * BUDGET: the conflict budget of this call ran out; solve again to go on.
 */
export const SAT = 0, UNSAT = 1, TIMEOUT = 2, BUDGET = 3;

/** The connectivity rule's levels (loop-propagator.ts's connectivityLevel; setupGrid's `connectivity`). */
export const CONNECTIVITY_OFF = 0, CONNECTIVITY_COMPONENTS = 1, CONNECTIVITY_BLOCKS = 2;

/** The counters statsPointer writes, in the order of loop-search.ts's COUNTERS. */
export const COUNTER_SLOTS = 8;

// Glucose's restart rule on moving averages (CaDiCaL's form): restart when the recent learnt clauses' LBD
// is well above the long-run average; block (postpone) one when the trail is much longer than usual, since
// the search may then be close to a model.
export const FAST_LBD = 1.0 / 32, SLOW_LBD = 1.0 / 4096, TRAIL_AVERAGE = 1.0 / 4096;
export const RESTART_MARGIN = 1.25, BLOCK_MARGIN = 1.4;
export const MIN_CONFLICTS_BETWEEN_RESTARTS = 50, BLOCK_AFTER_CONFLICTS = 10000;
/** Share of decisions taken at random (MiniSat's random_var_freq). */
export const RANDOM_DECISIONS = 0.05;
/** Conflicts between rephasings, growing by this much each time. */
export const REPHASE_INTERVAL = 1000;

// VSIDS and the learnt clause database (MiniSat's): each conflict's variables bumped by an increment that grows
// by 1 / ACTIVITY_DECAY, all activities scaled down by ACTIVITY_SCALE_DOWN once one passes ACTIVITY_LIMIT, the
// first activities random below INITIAL_ACTIVITY; half the learnt clauses dropped (all but the glue ones, LBD
// <= GLUE_LBD, and the locked ones) once there are more than LEARNT_LIMIT, which then grows by LEARNT_LIMIT_STEP.
export const ACTIVITY_DECAY = 0.95, ACTIVITY_LIMIT = 1e100, ACTIVITY_SCALE_DOWN = 1e-100, INITIAL_ACTIVITY = 1e-3;
export const LEARNT_LIMIT = 2000, LEARNT_LIMIT_STEP = 300, GLUE_LBD = 2;
