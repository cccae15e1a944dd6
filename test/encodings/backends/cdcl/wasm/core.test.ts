// auto's core loads puzzle after puzzle into one instance of the cdcl core (auto/wasm/binding.ts reuses instances), so
// a variable of the core that setup does not set again carries one search into the next. This reads the
// core's source: every module-level `let` must be set again by resetScalars, allocateSearch (setup's and
// setupOnGraph's, which auto's core calls) or finishSetup (the equivalence test in auto/wasm/binding.test.ts
// catches the effect; this names the variable). The graph itself is encodings/wasm/grid.ts's, set up anew per puzzle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const source = readFileSync(new URL('../../../../../encodings/backends/cdcl/wasm/core.ts', import.meta.url), 'utf8');

/** The body of a top-level function, from its declaration to the first line that is a lone `}`. */
function body(name: string): string {
  const start = source.search(new RegExp(`^(export )?function ${name}\\(`, 'm'));
  assert.ok(start >= 0, `no function ${name} in the core`);
  return source.slice(start, source.indexOf('\n}\n', start));
}

test('every module-level variable of the cdcl core is set again for each puzzle', () => {
  const variables = [...source.matchAll(/^let (\w+)/gm)].map((m) => m[1]);
  assert.ok(variables.length > 50, `${variables.length} variables found: the pattern no longer reads the core`);
  const resets = body('resetScalars') + body('allocateSearch') + body('finishSetup');
  // Scratch arrays grown on demand hold nothing between uses.
  const scratch = new Set(['learntOrder']);
  const kept = variables.filter((v) => !scratch.has(v) && !new RegExp(`\\b${v} = `).test(resets));
  assert.deepEqual(kept, [], 'not set again by resetScalars, allocateSearch or finishSetup');
});
