// The defaults of a plan when neither a flag nor the experiment file sets a value. A module of its own, so
// that the flag table (read by every command) does not load the experiment-file reader (yaml and zod) with them.
import { DEFAULT_LIMITS } from './worker-process.ts';

export const PLAN_DEFAULTS = Object.freeze({
  dataset: 'quick',
  timeout: 60,
  unique: false,
  repeat: 1,
  seed: 1,
  memoryMb: DEFAULT_LIMITS.memoryMb,
});
