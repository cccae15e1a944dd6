// The rule that tells a list of puzzles (one per line) from one puzzle, shared by `solve` and the bin's guess.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPuzzleLine, listVerdict } from '../../../encodings/formats/puzzle-lines.ts';

const ID = '10x10t0:d1b213e2d3231a1b321b120a122b12j12b2223b2b2d33a32e20b1d2b3d3';
const URL = 'https://puzz.link/p?slither/3/3/g1h2';

test('a TAB in the first line, or two URLs or Loopy IDs, make a list; a lone one waits for the next line', () => {
  assert.equal(listVerdict([`a\t${ID}`]), true);
  assert.equal(listVerdict([ID, URL]), true);
  assert.equal(listVerdict([URL, `b\t${ID}`]), true);
  assert.equal(listVerdict([ID]), undefined);
  assert.equal(listVerdict([]), undefined);
  assert.equal(listVerdict([ID, '3 . .']), false);
  assert.equal(listVerdict(['3 . .', '. . 2']), false);
  assert.equal(listVerdict(['pzprv3', 'slither']), false);
});

test('blank and comment lines hold no puzzle', () => {
  assert.deepEqual(['', '  ', '# two', ' # indented', ID, '3 . .'].map(isPuzzleLine), [false, false, false, false, true, true]);
});
