// The static command table: every command file is in it, each entry says what its module says, every
// command's --help still lists every option, and a command loads only what it uses.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { Command, Help } from 'commander';
import { COMMANDS, registerCommand, usageOf } from '../../../runners/cli/command-table.ts';
import { commandNameIn, main } from '../../../runners/cli/main.ts';

const root = new URL('../../../', import.meta.url).pathname;
const BIN = join(root, 'bin/slitherbench.js');
const run = promisify(execFile);

test('every file in runners/cli/commands/ has an entry in the command table, and no entry lacks a file', () => {
  const files = readdirSync(join(root, 'runners/cli/commands')).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).sort();
  const names = COMMANDS.map((c) => c.name).sort();
  const missing = files.filter((f) => !names.includes(f));
  assert.deepEqual(missing, [], `command files without an entry in runners/cli/command-table.ts (add one each): ${missing.join(', ')}`);
  assert.deepEqual(names.filter((n) => !files.includes(n)), [], 'table entries without a file in runners/cli/commands/');
  assert.deepEqual(COMMANDS.map((c) => c.name), names, 'the table is in alphabetical order, as --help lists it');
});

test('each entry registers its command, with the usage the table shows in --help and the summary as its description', async () => {
  for (const entry of COMMANDS) {
    const program = new Command('slitherbench');
    await registerCommand(program, entry);
    assert.deepEqual(program.commands.map((c) => c.name()), [entry.name], `${entry.name}: the module registers exactly this command`);
    const command = program.commands[0];
    assert.equal(`${entry.name} ${usageOf(entry)}`.trim(), new Help().subcommandTerm(command), `${entry.name}: usage in the table (options and arguments)`);
    assert.equal(command.description(), entry.summary, `${entry.name}: described by the table's summary, not by its module`);
  }
});

test('--help lists every command; each command\'s --help lists every option its module declares', async () => {
  const { stdout } = await run(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
  for (const entry of COMMANDS) assert.match(stdout, new RegExp(`^  ${entry.name} ${usageOf(entry).replace(/[[\]]/g, '\\$&')}`.trimEnd(), 'm'), entry.name);
  for (const entry of COMMANDS) {
    const program = new Command('slitherbench');
    await registerCommand(program, entry);
    const help = await printed(() => main([entry.name, '--help']));
    for (const option of program.commands[0].options) assert.ok(help.includes(option.flags), `${entry.name} --help lists ${option.flags}`);
  }
  const { stdout: viaHelp } = await run(process.execPath, [BIN, 'help', 'solve'], { encoding: 'utf8' });
  assert.match(viaHelp, /--backend <id>/);
});

/** What `action` writes to standard output (main() in this process, as the bin runs it). */
async function printed(action: () => Promise<number>): Promise<string> {
  const write = process.stdout.write.bind(process.stdout);
  let text = '';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    text += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  try {
    assert.equal(await action(), 0);
  } finally {
    process.stdout.write = write;
  }
  return text;
}

test('the command is the first operand, or the one after help', () => {
  assert.equal(commandNameIn(['solve', '-', '--json']), 'solve');
  assert.equal(commandNameIn(['--help']), undefined);
  assert.equal(commandNameIn(['help', 'bench']), 'bench');
  assert.equal(commandNameIn(['-V']), undefined);
});

test('unknown commands and missing arguments keep their error lines and exit status 2', async () => {
  for (const [args, line] of [
    [['frobnicate'], /^error: unknown command 'frobnicate'/m],
    [['solve'], /^error: missing required argument 'puzzle'/m],
  ] as const) {
    const failed = await run(process.execPath, [BIN, ...args], { encoding: 'utf8' }).then(() => null, (error: { code: number; stderr: string }) => error);
    assert.ok(failed, `${args.join(' ')} fails`);
    assert.equal(failed.code, 2);
    assert.match(failed.stderr, line);
  }
});

// Solver libraries and the report's libraries, by package folder.
const ENGINES = ['z3-solver', 'or-tools-wasm', 'glpk.js', 'glpk-wasm', 'highs', 'logic-solver', 'clingo-wasm', 'vega', 'vega-lite', '@resvg/resvg-js'];

test('backends, --help, convert and check load no engine and no report library', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'slitherbench-loads-'));
  try {
    const puzzle = '5x5t0:3222b2a0c21a1d12b3';
    for (const args of [['backends', '--json'], ['--help'], ['convert', puzzle, '--to', 'text'], ['datasets']]) {
      const file = join(dir, `${args[0]}.txt`);
      await run(process.execPath, ['--import', join(root, 'test/fixtures/trace-loads.mjs'), BIN, ...args], { encoding: 'utf8', env: { ...process.env, TRACE_LOADS_FILE: file } });
      const loaded = readFileSync(file, 'utf8').split('\n');
      // The command line's entry, bundled or from the sources.
      assert.ok(loaded.some((l) => /\/(bundle\/main\.js|cli\/main\.ts)$/.test(l)), 'the trace sees what is loaded');
      const engines = ENGINES.filter((p) => loaded.some((l) => l.includes(`/node_modules/${p}/`)));
      assert.deepEqual(engines, [], `${args.join(' ')} loaded ${engines.join(', ')}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
