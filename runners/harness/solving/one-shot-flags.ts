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
