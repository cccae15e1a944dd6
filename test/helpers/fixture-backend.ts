// The fixture back-ends' common part (test/fixtures/backends/, loaded through SLITHERBENCH_BACKENDS_DIR): each
// is a name, what it does wrong, and its solve; it can always run here and has no version of its own.
import type { Backend } from '../../encodings/backend.ts';

export function fixtureBackend(name: string, misbehaviour: string, solve: Backend['solve']): Backend {
  return {
    name,
    description: `test fixture: ${misbehaviour}`,
    async available() {
      return { available: true };
    },
    async version() {
      return 'test fixture';
    },
    solve,
  };
}
