// Trial and generalisation (Liu, Wu and Sun): try each unknown edge both ways; a contradiction decides it,
// otherwise keep what both branches imply. Sound because every solution lies in one of the two branches.
import { Contradiction, type Propagator } from './propagation.ts';
import * as shared from './state.ts';
import { Timeout } from './state.ts';

// Module-local copies of the shared names (see state.ts).
const { UNKNOWN, LINE, CROSS, RuleFamily, TrailKind } = shared;

/** Repeats until nothing changes; false on contradiction, Timeout between probes at the deadline. */
export function trial(solver: Propagator, deadline: number): boolean {
  // Each branch's implications are read off the undo trail (not copies of the whole state); a probe's own
  // deductions are not counted in the rule-family stats, only what trial keeps.
  const edgeCount = solver.edgeCount;
  const state = solver.state;
  const mark0 = new Int32Array(edgeCount);
  const valueInLine = new Uint8Array(edgeCount);
  const common: number[] = [];
  const stats = solver.stats;
  let stamp = 0;
  let changed = true;
  while (changed) {
    changed = false;
    for (let e = 0; e < edgeCount; e++) {
      if (state[e] !== UNKNOWN) continue;
      if (performance.now() > deadline) throw new Timeout();
      const { byVertex, byCell, byLoop, byGuess, cornerUpdates } = stats;
      const mark = solver.trail.length;
      const t = solver.trail;
      const lineOk = solver.assume(e, LINE);
      stamp++;
      if (lineOk) {
        for (let i = mark; i < t.length; i += 3) {
          if (t[i] === TrailKind.edge) {
            mark0[t[i + 1]] = stamp;
            valueInLine[t[i + 1]] = state[t[i + 1]];
          }
        }
      }
      solver.undo(mark);
      const crossOk = solver.assume(e, CROSS);
      common.length = 0;
      if (lineOk && crossOk) {
        for (let i = mark; i < t.length; i += 3) {
          const f = t[i + 1];
          if (t[i] === TrailKind.edge && mark0[f] === stamp && valueInLine[f] === state[f]) common.push(f, state[f]);
        }
      }
      solver.undo(mark);
      Object.assign(stats, { byVertex, byCell, byLoop, byGuess, cornerUpdates });
      solver.family = RuleFamily.trial;
      if (!lineOk && !crossOk) return false;
      try {
        if (!lineOk) solver.set(e, CROSS);
        else if (!crossOk) solver.set(e, LINE);
        else {
          // In edge order, as a scan of the whole state would.
          const order: number[] = [];
          for (let i = 0; i < common.length; i += 2) order.push(i);
          order.sort((a, b) => common[a] - common[b]);
          for (const i of order) if (state[common[i]] === UNKNOWN) solver.set(common[i], common[i + 1]);
        }
      } catch (error) {
        if (!(error instanceof Contradiction)) throw error;
        return false;
      }
      if (solver.trail.length > mark) {
        changed = true;
        if (!solver.propagate()) return false;
      }
    }
  }
  return true;
}
