// V8 flags a back-end asks for when it answers one puzzle and exits (`solve`): set before its prepare(),
// they change how its wasm compiles. V8 reads flags process-wide, so a thread worker sets them too.
import { setFlagsFromString } from 'node:v8';
import type { Backend } from '../../../encodings/backend.ts';

/** Applies the back-end's one-shot V8 flags; returns them as run stats record them ('' when none). */
export function applyOneShotFlags(backend: Backend): string {
  const flags = backend.oneShotV8Flags ?? [];
  for (const flag of flags) setFlagsFromString(flag);
  return flags.join(' ');
}

/**
 * V8 flags for a process that checks one proof and exits (`solve --certify`, `certify check`): functions start in
 * baseline code and are optimised later than by default, so that a short check is not spent waiting for the
 * optimising compiler (most of a fresh process's check), while a long one is still optimised. They change how
 * JavaScript tiers up, not what it computes; set before the checker first runs. No inlining limit is among them:
 * changed while the process runs, `--max-inlined-bytecode-size` made V8 abort now and then (a failed check in its
 * inliner, on functions judged under the old limit).
 */
export const ONE_SHOT_CHECK_V8_FLAGS: readonly string[] = ['--always-sparkplug', '--interrupt-budget=600000'];

/** Applies ONE_SHOT_CHECK_V8_FLAGS; returns them as run stats record them. */
export function applyOneShotCheckFlags(): string {
  for (const flag of ONE_SHOT_CHECK_V8_FLAGS) setFlagsFromString(flag);
  return ONE_SHOT_CHECK_V8_FLAGS.join(' ');
}
