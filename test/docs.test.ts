// The docs name only what exists: every path (README.md and docs/*.md, in text, backticks, code blocks and
// links), every `npm run` script, and every `slitherbench COMMAND --option` (read from the commander program
// each command module registers). A renamed file, script, command or flag fails here until the docs follow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { COMMANDS, registerCommand } from '../runners/cli/command-table.ts';
import { BACKEND_IDS } from '../encodings/registry.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// Written by commands or installs (at the root), never part of the tree a doc can point into.
const GENERATED = new Set(['node_modules', 'dist', 'results', '.git']);
// Folders of the repository: a path that starts with one of them is read from the root.
const TOP = ['encodings', 'datasets', 'reports', 'runners', 'test', 'docs', 'bin', '.ci'];
// A source file named by its name or the tail of its path; other extensions are mostly outputs (run.json).
const SOURCE = /^([\w-]+\/)*[\w-][\w.-]*\.(ts|mjs|cjs|yaml)$/;

function listTree(dir = root, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.git' || (dir === root && GENERATED.has(name))) continue;
    const path = join(dir, name);
    const rel = relative(root, path);
    if (statSync(path).isDirectory()) {
      out.push(`${rel}/`);
      listTree(path, out);
    } else out.push(rel);
  }
  return out;
}

export interface Known {
  files: string[];
  scripts: Set<string>;
  commands: Map<string, Command>;
}

/** A path pattern as a regular expression: `*`, `<name>`, `{a,b}` and CAPITALS (NAME, DIR) stand for any name. */
function pathPattern(path: string): RegExp {
  const segment = (s: string) =>
    /^[A-Z][A-Z0-9_]*(\.[a-z.]+)?$/.test(s)
      ? `[^/]+${s.includes('.') ? s.slice(s.indexOf('.')).replace(/\./g, '\\.') : ''}`
      : s
          .replace(/[.+?^$()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/<[^>]+>/g, '[^/]+')
          .replace(/\{([^}]+)\}/g, (_, alternatives: string) => `(${alternatives.split(',').join('|')})`);
  const parts = path.replace(/\/$/, '').split('/');
  return new RegExp(`^${parts.map(segment).join('/')}${path.endsWith('/') ? '/' : '/?'}$`);
}

function pathExists(path: string, known: Known, from: string): boolean {
  const clean = normalize(path).replace(/^\.\//, '');
  const candidates = [clean, normalize(join(from, clean))];
  return candidates.some((c) => {
    const pattern = pathPattern(c);
    return known.files.some((f) => pattern.test(f));
  });
}

const stripPunctuation = (token: string) => token.replace(/[.,;:)\]]+$/, '');

/** Words of a command line up to a comment, a pipe or the next command. */
function commandWords(line: string): string[] {
  const words: string[] = [];
  for (const word of line.trim().split(/\s+/)) {
    if (word.startsWith('#') || ['|', '&&', ';', '>', '2>', '\\'].includes(word)) break;
    words.push(word);
  }
  return words;
}

function checkCommand(words: string[], known: Known, where: string, problems: string[]): void {
  const [name, ...rest] = words;
  if (!name || name.startsWith('-') || /^[A-Z<[]/.test(name) || name === '...' || name === 'help') {
    for (const word of rest) if (word.startsWith('--') && !['--help', '--version'].includes(word)) problems.push(`${where}: \`slitherbench ${word}\` is no option of the program`);
    return;
  }
  let command = known.commands.get(name);
  if (!command) return void problems.push(`${where}: \`slitherbench ${name}\` is no command`);
  let label = name;
  if (rest[0] && command.commands.length > 0) {
    const sub = command.commands.find((c) => c.name() === rest[0]);
    if (sub) {
      command = sub;
      label = `${name} ${rest.shift()}`;
    }
  }
  const options = new Set(command.options.flatMap((o) => [o.long, o.short]).filter(Boolean));
  for (const word of rest) {
    const option = stripPunctuation(word.replace(/^[`'"(]+/, '')).split('=')[0];
    if (!/^--[a-z][a-z0-9-]*$/.test(option) || option === '--help') continue;
    if (!options.has(option)) problems.push(`${where}: \`${label} ${option}\`: ${label} has no option ${option}`);
  }
}

/** What a doc names that does not exist, one line per problem. */
export function docProblems(text: string, file: string, known: Known): string[] {
  const problems: string[] = [];
  const from = dirname(file);
  const lines = text.split('\n');
  let inCode = false;
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (line.trimStart().startsWith('```')) {
      inCode = !inCode;
      return;
    }
    // Paths: any word with a slash that starts at a folder of the repository, and source files named alone.
    for (const match of line.matchAll(/(?<![\w/.:-])((?:\.\.?\/)?[\w.*<>{},-]+(?:\/[\w.*<>{},-]*)+)/g)) {
      const path = stripPunctuation(match[1]);
      // What a command writes (`--out docs/results/x.md`) need not exist yet.
      if (/--out\s+$/.test(line.slice(0, match.index))) continue;
      if (TOP.includes(path.split('/')[0]) && !pathExists(path, known, '.')) problems.push(`${where}: path ${path} does not exist`);
    }
    for (const match of line.matchAll(/`([^`\s]+)`/g)) {
      const token = stripPunctuation(match[1]);
      // Declarations (`.d.ts`) are built into dist/, as the compiled `.js` are.
      if (!SOURCE.test(token) || token.endsWith('.d.ts') || /[<>{}*]|[A-Z]{2,}/.test(token) || TOP.includes(token.split('/')[0])) continue;
      // A file named by its own name or the tail of its path (`workers/worker.ts`).
      if (!known.files.some((f) => f === token || f.endsWith(`/${token}`))) problems.push(`${where}: no file ${token} in the repository`);
    }
    // Links: relative to the doc.
    for (const match of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = match[1];
      if (/^[a-z]+:/.test(target)) continue;
      if (!pathExists(target, known, from)) problems.push(`${where}: link ${target} does not resolve`);
    }
    for (const match of line.matchAll(/npm run ([\w:-]+)(\*)?/g)) {
      // `npm run bench:*` names a family of scripts.
      const name = match[1].replace(/:$/, match[2] ? ':' : '');
      const exists = match[2] ? [...known.scripts].some((s) => s.startsWith(name)) : known.scripts.has(name);
      if (!exists) problems.push(`${where}: \`npm run ${name}${match[2] ?? ''}\` is no script of package.json`);
    }
    // Commands: a code block's command lines, backticked spans with `slitherbench`, and backticked spans that
    // start with a command's name.
    const spans = [...line.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
    const commandLines = inCode ? [line] : spans.filter((span) => /\bslitherbench\b/.test(span));
    for (const text of commandLines) for (const match of text.matchAll(/(?:^|\s|npx\s)slitherbench\s+([^\n]+)/g)) checkCommand(commandWords(match[1]), known, where, problems);
    for (const span of spans) {
      const name = span.split(' ')[0];
      if (known.commands.has(name) && span.includes(' --') && !/\bslitherbench\b/.test(span)) checkCommand(commandWords(span), known, where, problems);
    }
  });
  return problems;
}

async function knownThings(): Promise<Known> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const commands = new Map<string, Command>();
  for (const entry of COMMANDS) {
    const program = new Command();
    await registerCommand(program, entry);
    for (const command of program.commands) commands.set(command.name(), command);
  }
  return { files: listTree(), scripts: new Set(Object.keys(pkg.scripts)), commands };
}

const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

test('every path, npm script, command and option that README.md and docs/*.md name exists', async () => {
  const known = await knownThings();
  const problems = docs.flatMap((file) => docProblems(readFileSync(join(root, file), 'utf8'), file, known));
  assert.deepEqual(problems, []);
});

test('a doc naming a missing path, link, script, command or option is caught, each on its line', async () => {
  const known = await knownThings();
  const broken = [
    'See docs/no-such-page.md and `runners/harness/no-such-file.ts`, or [the map](architecture-gone.md).',
    'Run `npm run bench:no-such-script`, then `npx slitherbench bench --no-such-flag 3`.',
    '```sh',
    'npx slitherbench frobnicate puzzle.txt',
    'npx slitherbench certify check --answer a.json --no-such-option p.txt proof.txt',
    '```',
    'And `report DIR --no-such-report-flag`. `encode` reads `no-such-module.ts`.',
  ].join('\n');
  const problems = docProblems(broken, 'docs/example.md', known);
  const expected = [
    /^docs\/example.md:1: path docs\/no-such-page.md does not exist$/,
    /^docs\/example.md:1: path runners\/harness\/no-such-file.ts does not exist$/,
    /^docs\/example.md:1: link architecture-gone.md does not resolve$/,
    /^docs\/example.md:2: `npm run bench:no-such-script`/,
    /^docs\/example.md:2: `bench --no-such-flag`/,
    /^docs\/example.md:4: `slitherbench frobnicate` is no command$/,
    /^docs\/example.md:5: `certify check --no-such-option`/,
    /^docs\/example.md:7: no file no-such-module.ts/,
    /^docs\/example.md:7: `report --no-such-report-flag`/,
  ];
  assert.equal(problems.length, expected.length, problems.join('\n'));
  expected.forEach((pattern, i) => assert.match(problems[i], pattern));
  // And what exists passes: a real path, link, script, command with its options, and a subcommand's option.
  const fine = 'docs/fuzz.md, [the map](architecture.md), `npm run test:quick`, `npx slitherbench bench --dataset quick --unique`, `certify check --answer a.json`, `workers/worker.ts`.';
  assert.deepEqual(docProblems(fine, 'docs/example.md', known), []);
});

test("the README's table of back-ends lists every registered back-end, and only those", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Back-ends'), readme.indexOf('\n## ', readme.indexOf('## Back-ends') + 1));
  const listed = [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]).sort();
  assert.deepEqual(listed, [...BACKEND_IDS].sort());
});

test('the README names every page of docs/', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const unnamed = docs.filter((file) => file.startsWith('docs/') && !readme.includes(file));
  assert.deepEqual(unnamed, [], 'add each to the README\'s list of documentation');
});

test('docs/benchmarks.md lists every bench:* script of package.json', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const page = readFileSync(join(root, 'docs/benchmarks.md'), 'utf8');
  const missing = Object.keys(pkg.scripts).filter((name) => name.startsWith('bench:') && !page.includes(`\`${name}\``));
  assert.deepEqual(missing, [], 'add a row for each to the table of docs/benchmarks.md');
});
