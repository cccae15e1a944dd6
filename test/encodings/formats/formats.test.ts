// Puzzle formats: every format reads back what it writes; URLs and pzprv3 files agree with pzprjs (the npm
// package `pzpr`, an independent codec used here only as an oracle).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { makePuzzle, samePuzzle, type Clue, type Puzzle } from '../../../encodings/grid.ts';
import { PuzzleError } from '../../../encodings/errors.ts';
import { FORMAT_NAMES, parsePuzzle, writePuzzle, type FormatName } from '../../../encodings/formats/index.ts';
import { readUrl, writeUrl } from '../../../encodings/formats/url.ts';
import { readLoopy, writeLoopy } from '../../../encodings/formats/loopy.ts';
import { readText } from '../../../encodings/formats/text.ts';
import { readPzprv3, writePzprv3 } from '../../../encodings/formats/pzprv3.ts';
import { shadingToLoop } from '../../../encodings/formats/janko.ts';
import { readLpl } from '../../../encodings/formats/lpl.ts';
import { solutionFromEdges, type Solution } from '../../../encodings/solution.ts';
import { verify } from '../../../encodings/verify.ts';
import { renderSvg, renderText } from '../../../encodings/render.ts';

const require = createRequire(import.meta.url);
// pzpr is CommonJS; one player object is reused (opening a new board resets it).
const pzpr = require('pzpr') as { Puzzle: new (options: { type: string }) => PzprPuzzle };
interface PzprPuzzle {
  open(data: string): PzprPuzzle;
  getURL(): string;
  getFileData(): string;
  board: { cols: number; rows: number; cell: { length: number; [i: number]: { qnum: number } } };
}
const oracle = new pzpr.Puzzle({ type: 'player' });

/** pzprjs's clue numbers: -1 blank, -2 '?'. */
const toQnum = (clue: Clue): number => (clue === null ? -1 : clue === '?' ? -2 : clue);
const oracleClues = (board: PzprPuzzle['board']): number[] => Array.from({ length: board.cell.length }, (_, i) => board.cell[i].qnum);

const clueArb: fc.Arbitrary<Clue> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 5, arbitrary: fc.constantFrom<Clue>(0, 1, 2, 3, 4) },
  { weight: 1, arbitrary: fc.constant<Clue>('?') },
);
/** Random grids 1x1 .. 12x12, long blank runs included (blank-heavy rows). */
const puzzleArb = (clue: fc.Arbitrary<Clue> = clueArb): fc.Arbitrary<Puzzle> =>
  fc
    .record({ rows: fc.integer({ min: 1, max: 12 }), cols: fc.integer({ min: 1, max: 12 }), sparse: fc.boolean() })
    .chain(({ rows, cols, sparse }) =>
      fc.array(sparse ? fc.oneof({ weight: 12, arbitrary: fc.constant<Clue>(null) }, { weight: 1, arbitrary: clue }) : clue, { minLength: rows * cols, maxLength: rows * cols }).map((clues) => makePuzzle(rows, cols, clues)),
    );

/** A puzzle and a set of its edges, at least one, as a solution (not a loop: the formats carry any edges). */
const puzzleWithEdgesArb = (): fc.Arbitrary<{ puzzle: Puzzle; solution: Solution }> =>
  puzzleArb().chain((puzzle) =>
    fc.uniqueArray(fc.integer({ min: 0, max: 2 * puzzle.rows * puzzle.cols + puzzle.rows + puzzle.cols - 1 }), { minLength: 1 }).map((edges) => ({ puzzle, solution: solutionFromEdges(puzzle, edges) })),
  );

const noUnknown = puzzleArb(fc.oneof({ weight: 6, arbitrary: fc.constant<Clue>(null) }, { weight: 5, arbitrary: fc.constantFrom<Clue>(0, 1, 2, 3, 4) }));

const describe = (p: Puzzle) => writePuzzle(p, 'text');

test('random grids round-trip through every format unchanged, and each is detected as itself', () => {
  fc.assert(
    fc.property(puzzleArb(), (puzzle) => {
      for (const format of FORMAT_NAMES) {
        const subject = format === 'loopy' ? makePuzzle(puzzle.rows, puzzle.cols, puzzle.clues.map((c) => (c === '?' ? null : c))) : puzzle;
        const written = writePuzzle(subject, format);
        const parsed = parsePuzzle(written, format);
        assert.equal(parsed.format, format, `${format} detected as ${parsed.format}:\n${written}`);
        assert.ok(samePuzzle(parsed.puzzle, subject), `${format} changed the grid:\n${describe(subject)}\n${written}`);
      }
    }),
    { numRuns: 300 },
  );
});

test('a Loopy game ID cannot hold a "?" clue: writing one is refused, naming the cell', () => {
  const puzzle = makePuzzle(2, 2, [1, null, null, '?']);
  assert.throws(() => writeLoopy(puzzle), (e: unknown) => e instanceof PuzzleError && /cell \(1, 1\).*'\?'/.test(e.message));
});

test('solutions travel with pzprv3 and JSON', () => {
  fc.assert(
    fc.property(
      puzzleWithEdgesArb(),
      ({ puzzle, solution }) => {
        for (const format of ['pzprv3', 'json'] as FormatName[]) {
          const parsed = parsePuzzle(writePuzzle(puzzle, format, solution));
          assert.ok(samePuzzle(parsed.puzzle, puzzle));
          assert.deepEqual([...parsed.solution!.on], [...solution.on], `${format} changed the loop`);
        }
      },
    ),
    { numRuns: 100 },
  );
});

test('our URLs decode in pzprjs to the same clues, and our encoder writes what pzprjs writes', () => {
  fc.assert(
    fc.property(puzzleArb(), (puzzle) => {
      const url = writeUrl(puzzle);
      oracle.open(url.slice(url.indexOf('?') + 1));
      assert.equal(oracle.board.cols, puzzle.cols);
      assert.equal(oracle.board.rows, puzzle.rows);
      assert.deepEqual(oracleClues(oracle.board), puzzle.clues.map(toQnum), `pzprjs read ${url} differently`);
      const theirs = oracle.getURL();
      assert.equal(theirs.slice(theirs.indexOf('?') + 1), url.slice(url.indexOf('?') + 1));
    }),
    { numRuns: 300 },
  );
});

test('URLs written by pzprjs decode to the grid pzprjs was given', () => {
  fc.assert(
    fc.property(puzzleArb(), (puzzle) => {
      oracle.open(`slither/${puzzle.cols}/${puzzle.rows}`);
      puzzle.clues.forEach((clue, i) => (oracle.board.cell[i].qnum = toQnum(clue)));
      const url = oracle.getURL();
      assert.match(url, /^http:\/\/pzv\.jp\/p\.html\?slither\//);
      assert.ok(samePuzzle(readUrl(url), puzzle), `${url} misread:\n${describe(puzzle)}`);
      assert.ok(samePuzzle(parsePuzzle(url).puzzle, puzzle));
    }),
    { numRuns: 300 },
  );
});

test('pzprv3 files: ours open in pzprjs with clues and loop intact, and theirs open here', () => {
  fc.assert(
    fc.property(
      puzzleWithEdgesArb(),
      ({ puzzle, solution }) => {
        const ours = writePzprv3(puzzle, solution);
        oracle.open(ours);
        assert.deepEqual(oracleClues(oracle.board), puzzle.clues.map(toQnum));
        const theirs = oracle.getFileData();
        assert.equal(theirs, ours, 'pzprjs writes the same file back');
        const back = readPzprv3(theirs);
        assert.ok(samePuzzle(back.puzzle, puzzle));
        assert.deepEqual([...back.solution!.on], [...solution.on]);
      },
    ),
    { numRuns: 100 },
  );
});

test('the pzprjs and cspuz body encodings decode to the same grid', () => {
  // cspuz's own serializer test: it ends the body with a plain '1' where pzprjs writes 'b'.
  const cspuz = readUrl('https://puzz.link/p?slither/4/4/dgdh2c71');
  const pzprjs = readUrl('http://pzv.jp/p.html?slither/4/4/dgdh2c7b');
  assert.ok(samePuzzle(cspuz, pzprjs));
  assert.deepEqual(cspuz.clues, [3, null, null, null, 3, null, null, null, null, 2, 2, null, null, 2, null, 1]);
  assert.equal(writeUrl(cspuz), 'https://puzz.link/p?slither/4/4/dgdh2c7b');
});

test('URL spellings: scheme optional, pzv.jp, slitherlink pid, bare pid, trailing slash', () => {
  const expected = readText('2 3\n1 . ?\n4 . .\n');
  for (const url of [
    'https://puzz.link/p?slither/3/2/6.e',
    'puzz.link/p?slither/3/2/6.e',
    'http://pzv.jp/p.html?slither/3/2/6.e',
    'https://puzz.link/p?slitherlink/3/2/6.e',
    'p?slither/3/2/6.e',
    'slither/3/2/6.e',
    'https://puzz.link/p?slither/3/2/6.e/',
    '  https://puzz.link/p?slither/3/2/6.e\n',
    '# copied from the web\n\nhttps://puzz.link/p?slither/3/2/6.e\n',
  ]) {
    const parsed = parsePuzzle(url);
    assert.equal(parsed.format, 'url', url);
    assert.ok(samePuzzle(parsed.puzzle, expected), url);
  }
});

test('the full-loop "f/" variant is recognised and refused with a clear message', () => {
  assert.throws(() => parsePuzzle('https://puzz.link/p?slither/f/3/3/gdk'), /'f\/' variant \(the loop must pass through every vertex\) is not supported/);
});

test('Loopy IDs: WxHt0, WxH and difficulty parameters; W is the number of columns', () => {
  const puzzle = readLoopy('3x2t0:1a2c');
  assert.equal(puzzle.cols, 3);
  assert.equal(puzzle.rows, 2);
  assert.deepEqual(puzzle.clues, [1, null, 2, null, null, null]);
  for (const id of ['3x2:1a2c', '3x2t0dh:1a2c', '3x2t0de:1a2c', '3x2dt:1a2c'.replace('dt', 't0dt')]) assert.ok(samePuzzle(readLoopy(id), puzzle), id);
  assert.equal(writeLoopy(puzzle), '3x2t0:1a2c');
  // Runs longer than 26 blanks are split.
  const wide = makePuzzle(1, 30, [...new Array(29).fill(null), 3]);
  assert.equal(writeLoopy(wide), '30x1t0:zc3');
  assert.ok(samePuzzle(readLoopy(writeLoopy(wide)), wide));
});

test('Loopy IDs of other grid types are read as their tilings; types not yet supported are refused by name', () => {
  assert.equal(readLoopy('5x5t2dh:a303e4a2a442a4b3d').tiling?.type, 'honeycomb');
  assert.throws(() => readLoopy('5x5t2dh:abc'), /covers 6 of the 25 faces of honeycomb 5x5/);
  assert.throws(() => parsePuzzle('7x7t11:abc'), /a Penrose kite\/dart grid needs its grid description/);
  assert.equal(readLoopy('6x6t16:3,3,1,8,H_b8d9409b9a').tiling?.type, 'hats');
  assert.equal(readLoopy('6x6t17:00352F_6aA0aD7c59c').tiling?.type, 'spectres');
  assert.throws(() => parsePuzzle('7x7t18:abc'), /grid type t18 \(unknown\) is not supported/);
});

test('text grids: header optional, "." or "-" blanks, spaced or not, comments and blank lines ignored', () => {
  const expected = makePuzzle(3, 3, [3, null, 2, null, 0, null, 1, null, null]);
  for (const text of [
    '3 3\n3 . 2\n. 0 .\n1 . .\n',
    '3.2\n.0.\n1..\n',
    '3 3\n3-2\n-0-\n1--',
    '# a comment\n\n3 - 2\r\n. 0 -\r\n1 . .\r\n\n',
    '3 . 2\n. 0 .\n1 . .',
  ]) {
    const parsed = parsePuzzle(text);
    assert.equal(parsed.format, 'text');
    assert.ok(samePuzzle(parsed.puzzle, expected), JSON.stringify(text));
  }
  // "2 2" over two rows of two is a header; over rows of three it is a header that does not fit.
  assert.deepEqual(readText('2 2\n2 2\n2 2\n').clues, [2, 2, 2, 2]);
  assert.deepEqual(readText('1 2\n3 3\n').clues, [3, 3]);
  assert.deepEqual(readText('1 2\n3 3\n0 0\n').clues, [1, 2, 3, 3, 0, 0]);
  assert.throws(() => readText('2 2\n...\n...\n'), /row 1 has 3 cells, expected 2/);
  assert.equal(writePuzzle(expected, 'text'), '3 3\n3 . 2\n. 0 .\n1 . .\n');
});

test('JSON puzzles: rows of cells, null blanks, "?" unknown', () => {
  const parsed = parsePuzzle('{"rows": 1, "cols": 3, "clues": [[0, null, "?"]]}');
  assert.equal(parsed.format, 'json');
  assert.deepEqual(parsed.puzzle.clues, [0, null, '?']);
});

test('janko shading: the loop is the boundary between inside and outside, the border counting as outside', () => {
  const solution = shadingToLoop('2 3\nx x -\n- x -\n', 'test');
  const puzzle = makePuzzle(2, 3, [null, 2, null, null, 3, null]);
  assert.deepEqual(verify(puzzle, solution), { valid: true });
  // The outline of the shape: 2 (top) + 1 + 1 + 1 + 1 + 2 (sides) = 8 edges.
  assert.equal(solution.on.reduce((a, b) => a + b, 0), 8);
});

test('LPL files: "Table N" blocks with their source line; a bad block is listed when asked', () => {
  const text = '/* header */\n\nTable 1\n2 2\n3 .\n. .\n\nTable 2  -- from somewhere\n2 2\n. 1\n1 .\n\nTable 3\n3 3\n. . .\n';
  const skipped: { id: string; reason: string }[] = [];
  const entries = readLpl(text, 'x.txt', skipped);
  assert.deepEqual(entries.map((e) => e.id), ['Table 1', 'Table 2']);
  assert.equal(entries[1].source, '-- from somewhere');
  assert.deepEqual(entries[1].puzzle.clues, [null, 1, 1, null]);
  assert.equal(skipped.length, 1);
  assert.match(skipped[0].reason, /x\.txt:14: the header says 3 rows but 1 follow/);
  assert.throws(() => readLpl(text, 'x.txt'), /header says 3 rows/);
});

test('pictures: text shows clues and the loop, SVG draws the loop as one closed path', () => {
  const puzzle = makePuzzle(1, 1, [4]);
  const loop: Solution = solutionFromEdges(puzzle, [0, 1, 2, 3]);
  assert.equal(renderText(puzzle, loop), '+---+\n| 4 |\n+---+\n');
  const svg = renderSvg(puzzle, loop, { title: 'one <cell>' });
  assert.match(svg, /^<svg [^>]*viewBox=/);
  assert.match(svg, /<title>one &lt;cell&gt;<\/title>/);
  assert.match(svg, /<path [^>]*d="M[^"]*Z"/);
  assert.match(svg, />4<\/text>/);
});

test('pzprv3 version 0 files (no colour block) and pzprjs trailing history are read', () => {
  const loop = { rows: 1, cols: 1, h: ['1', '1'], v: ['11'] };
  for (const file of ['pzprv3\nslither\n1\n1\n4 \n1 1 \n1 \n1 \n', 'pzprv3.1\nslither\n1\n1\n4 \n0 \n1 1 \n-1 \n1 \nhistory:\n{"type":"pzpr"}\n']) {
    const parsed = parsePuzzle(file);
    assert.equal(parsed.format, 'pzprv3');
    assert.deepEqual(parsed.puzzle.clues, [4]);
    assert.deepEqual(JSON.parse(writePuzzle(parsed.puzzle, 'json', parsed.solution)).solution, file.includes('-1') ? { ...loop, h: ['0', '1'] } : loop);
  }
});
