// Bad input: each malformed file in test/fixtures/malformed/ is refused with its expected one-line message
// (EXPECTED.json); through the CLI that is exit status 2, exactly one stderr line starting "error:", and no
// stack trace. Conversions through the CLI give back the same grid in every format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { samePuzzle } from '../../../encodings/grid.ts';
import { PuzzleError } from '../../../encodings/errors.ts';
import { parsePuzzle } from '../../../encodings/formats/index.ts';
import { readPuzzleArgument } from '../../../runners/cli/input.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const folder = fileURLToPath(new URL('../../fixtures/malformed/', import.meta.url));
const expected = (JSON.parse(readFileSync(`${folder}EXPECTED.json`, 'utf8')) as { cases: Record<string, string> }).cases;
const files = readdirSync(folder).filter((f) => f !== 'EXPECTED.json').sort();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
async function cli(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['bin/slitherbench.js', ...args], { cwd: root, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout: string; stderr: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout, stderr: e.stderr };
  }
}

function assertOneErrorLine(run: Run, message: string | RegExp, label: string): void {
  assert.equal(run.code, 2, `${label}: exit status\n${run.stderr}`);
  const lines = run.stderr.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, `${label}: stderr has ${lines.length} lines:\n${run.stderr}`);
  assert.ok(!/^\s+at /m.test(run.stderr), `${label}: stack trace on stderr`);
  assert.ok(lines[0].startsWith('error: '), `${label}: ${lines[0]}`);
  if (typeof message === 'string') assert.equal(lines[0], `error: ${message}`, label);
  else assert.match(lines[0], message, label);
}

test('the corpus has at least 30 cases and every file has an expected message', () => {
  assert.ok(files.length >= 30, `${files.length} cases`);
  assert.deepEqual(files, Object.keys(expected).sort());
});

test('every malformed file is refused with its expected message, on one line', () => {
  for (const file of files) {
    const path = `${folder}${file}`;
    assert.throws(
      () => readPuzzleArgument(path),
      (error: unknown) => {
        assert.ok(error instanceof PuzzleError, `${file}: ${String(error)}`);
        assert.equal(error.message.replaceAll(path, 'FILE'), expected[file], file);
        assert.ok(!error.message.includes('\n'), `${file}: message spans lines`);
        return true;
      },
      file,
    );
  }
});

test('through the CLI: exit 2, one "error:" line, no stack trace (files, inline URLs and IDs, missing paths)', async () => {
  const sample = ['url-run-past-grid.txt', 'loopy-triangular.txt', 'text-wrong-row-length.txt', 'empty.txt', 'junk-bytes.bin', 'url-huge-size.txt', 'pzprv3-truncated.txt', 'json-invalid.json'];
  const relative = (file: string) => `test/fixtures/malformed/${file}`;
  const runs = await Promise.all([
    ...sample.map(async (file) => ({ label: file, message: expected[file].replaceAll('FILE', relative(file)), run: await cli('convert', relative(file), '--to', 'json') })),
    { label: 'inline URL', message: "argument: character 37 ('5'): the body goes on past the 4 cells of a 2x2 grid", run: await cli('convert', 'https://puzz.link/p?slither/2/2/11115', '--to', 'text') },
    { label: 'inline Loopy ID', message: 'argument: Loopy grid type t18 (unknown) is not supported', run: await cli('convert', '10x10t18:abc', '--to', 'url') },
    { label: 'missing file', message: 'no/such/puzzle.txt: no such file', run: await cli('convert', 'no/such/puzzle.txt', '--to', 'url') },
    { label: 'directory', message: 'test: is a directory, not a puzzle file', run: await cli('convert', 'test', '--to', 'url') },
    { label: 'bad --to', message: "--to must be one of url, loopy, text, pzprv3, json, svg; got 'png'", run: await cli('convert', '2x2t0:1111', '--to', 'png') },
    { label: '? to Loopy', message: /error: .*cell \(0, 1\) holds '\?'.*Loopy/, run: await cli('convert', 'slither/2/2/1.11', '--to', 'loopy') },
  ]);
  for (const { label, message, run } of runs) assertOneErrorLine(run, message, label);
});

test('through the CLI: a Loopy ID converted to every format reads back as the same grid', async () => {
  const id = '7x5t0dh:2b3a1e0a22c3b1a3c1a2b3b';
  const puzzle = parsePuzzle(id).puzzle;
  const formats = ['url', 'loopy', 'text', 'pzprv3', 'json'];
  const runs = await Promise.all(formats.map((format) => cli('convert', id, '--to', format)));
  runs.forEach((run, i) => {
    assert.equal(run.code, 0, run.stderr);
    const parsed = parsePuzzle(run.stdout);
    assert.equal(parsed.format, formats[i]);
    assert.ok(samePuzzle(parsed.puzzle, puzzle), `${formats[i]}: ${run.stdout}`);
  });
  const svg = await cli('convert', runs[0].stdout.trim(), '--to', 'svg');
  assert.equal(svg.code, 0, svg.stderr);
  assert.match(svg.stdout, /^<svg /);
});
