// The janko.at collection (1176 puzzles, 1153 published solutions) and the LPL files from ../shared/datasets:
// every puzzle goes through our URL codec and pzprjs's (the npm package `pzpr`) in both directions, and
// through cspuz's URLs; every published solution is checked by the verifier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { samePuzzle, type Clue, type Puzzle } from '../../../encodings/grid.ts';
import { FORMAT_NAMES, parsePuzzle, readJankoPuzzles, readJankoSolutions, readLpl, writePuzzle } from '../../../encodings/formats/index.ts';
import { readUrl, writeUrl } from '../../../encodings/formats/url.ts';
import { verify } from '../../../encodings/verify.ts';

const datasets = new URL('../../../../shared/datasets/', import.meta.url);
const missing = existsSync(datasets) ? false : `../shared/datasets is absent (${datasets.pathname}): the janko and LPL checks need it`;
const read = (path: string) => readFileSync(new URL(path, datasets), 'utf8');

const require = createRequire(import.meta.url);
interface PzprPuzzle {
  open(data: string): PzprPuzzle;
  getURL(): string;
  board: { cols: number; rows: number; cell: { length: number; [i: number]: { qnum: number } } };
}
const pzpr = require('pzpr') as { Puzzle: new (options: { type: string }) => PzprPuzzle };

const toQnum = (clue: Clue): number => (clue === null ? -1 : clue === '?' ? -2 : clue);
const afterQuery = (url: string) => url.slice(url.indexOf('?') + 1);

/** The janko "problem" text read by hand here, not by our text reader: "R C" then rows of '-' or '.' or digits. */
function plainJankoGrid(problem: string): { rows: number; cols: number; qnums: number[] } {
  const [header, ...lines] = problem.trim().split('\n');
  const [rows, cols] = header.trim().split(/\s+/).map(Number);
  const qnums = lines.slice(0, rows).flatMap((line) => line.trim().split(/\s+/).map((t) => (t === '-' || t === '.' ? -1 : Number(t))));
  return { rows, cols, qnums };
}

test('every janko puzzle: our URL reads the same in pzprjs, pzprjs\'s URL reads the same here, the bodies are equal', { skip: missing }, () => {
  const text = read('janko/Slitherlink_puzzles.json');
  const entries = readJankoPuzzles(text);
  assert.equal(entries.length, 1176);
  const raw = (JSON.parse(text) as { puzzles: Record<string, { problem: string }> }).puzzles;
  const oracle = new pzpr.Puzzle({ type: 'player' });
  for (const { id, puzzle } of entries) {
    const plain = plainJankoGrid(raw[id].problem);
    assert.deepEqual([puzzle.rows, puzzle.cols], [plain.rows, plain.cols], id);
    assert.deepEqual(puzzle.clues.map(toQnum), plain.qnums, `${id}: janko reader`);

    const ours = writeUrl(puzzle);
    oracle.open(afterQuery(ours));
    assert.deepEqual([oracle.board.cols, oracle.board.rows], [puzzle.cols, puzzle.rows], `${id}: size in pzprjs`);
    const decoded = Array.from({ length: oracle.board.cell.length }, (_, i) => oracle.board.cell[i].qnum);
    assert.deepEqual(decoded, plain.qnums, `${id}: pzprjs reads ${ours} differently`);

    oracle.open(`slither/${plain.cols}/${plain.rows}`);
    plain.qnums.forEach((q, i) => (oracle.board.cell[i].qnum = q));
    const theirs = oracle.getURL();
    assert.ok(samePuzzle(readUrl(theirs), puzzle), `${id}: ${theirs} misread`);
    assert.equal(afterQuery(ours), afterQuery(theirs), `${id}: encoders differ`);
  }
});

test('every janko puzzle: cspuz\'s URL (the reference CSV) decodes to the janko grid', { skip: missing }, () => {
  const puzzles = new Map(readJankoPuzzles(read('janko/Slitherlink_puzzles.json')).map((e) => [e.id, e.puzzle]));
  const rows = read('reference/cspuz-core-janko.csv').trim().split('\n').slice(1);
  assert.equal(rows.length, 1176);
  let differentSpelling = 0;
  for (const row of rows) {
    const fields = row.split(',');
    const id = fields[0];
    const url = fields[fields.length - 1];
    const puzzle = puzzles.get(id);
    assert.ok(puzzle, `${id}: in the CSV but not in the collection`);
    assert.ok(samePuzzle(parsePuzzle(url).puzzle, puzzle), `${id}: ${url}`);
    if (afterQuery(url) !== afterQuery(writeUrl(puzzle))) differentSpelling++;
  }
  // cspuz ends a body with a plain clue where pzprjs writes 'a'-'e': both spellings occur and both decode.
  assert.ok(differentSpelling > 0);
});

interface InconsistentEntry {
  id: string;
  kind: 'no-puzzle' | 'trailing-text' | 'fails-verifier';
  why: string;
}

test('published janko solutions pass the verifier, except the few listed in test/fixtures/janko-inconsistent.json', { skip: missing }, () => {
  const puzzles = new Map(readJankoPuzzles(read('janko/Slitherlink_puzzles.json')).map((e) => [e.id, e.puzzle]));
  const text = read('janko/Slitherlink_solutions.json');
  const solutions = readJankoSolutions(text);
  assert.equal(solutions.size, 1153);
  const raw = (JSON.parse(text) as { solutions: Record<string, { solution: string }> }).solutions;
  const found: { id: string; kind: InconsistentEntry['kind'] }[] = [];
  let verified = 0;
  for (const [id, solution] of solutions) {
    const [header, ...lines] = raw[id].solution.trim().split('\n');
    const rows = Number(header.trim().split(/\s+/)[0]);
    const puzzle = puzzles.get(id);
    if (!puzzle) found.push({ id, kind: 'no-puzzle' });
    else if (!verify(puzzle, solution).valid) found.push({ id, kind: 'fails-verifier' });
    else {
      verified++;
      if (lines.length !== rows) found.push({ id, kind: 'trailing-text' });
    }
  }
  const fixture = JSON.parse(readFileSync(new URL('../../fixtures/janko-inconsistent.json', import.meta.url), 'utf8')) as { entries: InconsistentEntry[] };
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  assert.deepEqual(found.sort(byId), fixture.entries.map(({ id, kind }) => ({ id, kind })).sort(byId));
  assert.equal(verified, 1152);
  // The orphan solution belongs to 45_8x8.
  assert.deepEqual(verify(puzzles.get('45_8x8')!, solutions.get('45_9x8')!), { valid: true });
});

test('LPL files: 20 + 676 puzzles (Table 112 of slitherlink1.txt has 9 rows under a 10x10 header), each round-trips', { skip: missing }, () => {
  const small = readLpl(read('lpl/slitherlink.txt'), 'slitherlink.txt');
  const skipped: { id: string; reason: string }[] = [];
  const large = readLpl(read('lpl/slitherlink1.txt'), 'slitherlink1.txt', skipped);
  assert.equal(small.length, 20);
  assert.equal(large.length, 676);
  assert.deepEqual(skipped.map((s) => s.id), ['Table 112']);
  assert.match(skipped[0].reason, /header says 10 rows but 9 follow/);
  const roundTrip = (puzzle: Puzzle) => {
    for (const format of FORMAT_NAMES) assert.ok(samePuzzle(parsePuzzle(writePuzzle(puzzle, format)).puzzle, puzzle), format);
  };
  for (const { puzzle } of [...small, ...large]) roundTrip(puzzle);
});
