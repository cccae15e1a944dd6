// reproduce cpsat-chapter: the CP-SAT chapter's timings (55 ms on a 6x6 with eleven clues, "a few
// milliseconds" on a 10x10 with 35) and its uniqueness claim, on generated puzzles of exactly those shapes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullClues, generatePuzzle, Random } from '../../datasets/generator.ts';
import { writeUrl } from '../../encodings/formats/url.ts';
import { clueCount, makePuzzle, type Clue } from '../../encodings/grid.ts';
import { getBackend } from '../../encodings/registry.ts';
import { backendOracle } from '../harness/solving/oracle.ts';
import { isSolvedLike } from '../../reports/records.ts';
import { median } from '../../reports/statistics.ts';
import { msText, runsOf, type ClaimDef, type Evaluation, type PlanDef, type PlanResults, type SourceDef } from './reproduce-plans.ts';

export const SHAPES = [
  { rows: 6, cols: 6, clues: 11, file: '6x6-11-clues.txt' },
  { rows: 10, cols: 10, clues: 35, file: '10x10-35-clues.txt' },
] as const;
const SEED = 9;

/**
 * Unique puzzles of one shape with exactly `clues` clues: a minimal generated puzzle with at most that many,
 * topped up with clues of its own loop (a clue added to a unique puzzle keeps it unique).
 */
export async function shapedPuzzles(shape: (typeof SHAPES)[number], count: number): Promise<string[]> {
  const oracle = await backendOracle(await getBackend('rules'), 20_000, { calls: 0, timeouts: 0 });
  const lines: string[] = [];
  for (let index = 0; lines.length < count && index < count * 40; index++) {
    const generated = await generatePuzzle({ rows: shape.rows, cols: shape.cols, seed: SEED, index }, oracle);
    if (clueCount(generated.puzzle) > shape.clues) continue;
    const clues: Clue[] = [...generated.puzzle.clues];
    const all = fullClues(generated.solution);
    const blanks = new Random(SEED, shape.rows, shape.cols, index, 1).shuffle(clues.flatMap((c, cell) => (c === null ? [cell] : [])));
    for (const cell of blanks.slice(0, shape.clues - clueCount(generated.puzzle))) clues[cell] = all[cell];
    lines.push(writeUrl(makePuzzle(shape.rows, shape.cols, clues)));
  }
  if (lines.length < count) throw new Error(`could not generate ${count} ${shape.rows}x${shape.cols} puzzles with ${shape.clues} clues`);
  return lines;
}

async function writeShapes(runDir: string, quick: boolean, say: (line: string) => void): Promise<void> {
  const count = quick ? 3 : 10;
  for (const shape of SHAPES) {
    const path = join(runDir, shape.file);
    if (existsSync(path) && readFileSync(path, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).length === count) continue;
    say(`reproduce: generating ${count} unique ${shape.rows}x${shape.cols} puzzles with exactly ${shape.clues} clues (seed ${SEED})`);
    const lines = await shapedPuzzles(shape, count);
    writeFileSync(path, `# ${count} unique ${shape.rows}x${shape.cols} puzzles with exactly ${shape.clues} clues: slitherbench generate (seed ${SEED}), topped up with clues of their loop\n${lines.join('\n')}\n`);
  }
}

const plans: PlanDef[] = [
  { name: 'cpsat-chapter-solve', yaml: 'reproduce-cpsat-chapter.yaml', quick: { timeout: 10, repeat: 1 }, prepare: writeShapes },
  { name: 'cpsat-chapter-unique', yaml: 'reproduce-cpsat-chapter-unique.yaml', quick: { timeout: 10 }, prepare: writeShapes },
];

const datasetOf = (shape: (typeof SHAPES)[number]) => shape.file.replace(/\.txt$/, '');

/** One solve per run, median over puzzles and repeats; a claim holds when the chapter's model is within `bound` ms. */
function timing(shape: (typeof SHAPES)[number], bound: number, boundText: string) {
  return (r: PlanResults): Evaluation => {
    const figure = (label: string) => {
      const runs = runsOf(r, label, datasetOf(shape));
      return { runs, answered: runs.filter(isSolvedLike), median: median(runs.filter(isSolvedLike).map((x) => x.solve_ms)) };
    };
    const chapter = figure('chapter-model');
    const ours = figure('cpsat-circuit');
    if (chapter.median === null) return { ours: 'no run answered', verdict: 'not comparable', why: `none of ${chapter.runs.length} runs of the chapter's model answered` };
    const holds = chapter.median <= bound;
    return {
      ours: `chapter's model ${msText(chapter.median)}, our cpsat-circuit ${msText(ours.median)} (medians of ${chapter.answered.length} solves on ${new Set(chapter.runs.map((x) => x.instance)).size} generated ${shape.rows}x${shape.cols} puzzles with ${shape.clues} clues)`,
      verdict: holds ? 'holds' : 'does not hold',
      why: `${holds ? 'within' : 'over'} ${boundText}; theirs Python OR-Tools on an unnamed machine, ours OR-Tools CP-SAT in wasm with one worker`,
      table: {
        header: ['model', 'runs', 'answered', 'median', 'max'],
        rows: [['chapter-model (encoding=cpsat-chapter)', chapter], ['cpsat-circuit (ours)', ours]].map(([name, f]) => {
          const x = f as ReturnType<typeof figure>;
          return [name as string, x.runs.length, x.answered.length, msText(x.median), msText(x.answered.length ? Math.max(...x.answered.map((a) => a.solve_ms)) : null)];
        }),
        align: ['left', 'right', 'right', 'right', 'right'],
      },
    };
  };
}

const claims: ClaimDef[] = [
  {
    id: '6x6-time',
    sentence: 'The toy of Figure 9.1 solves in about 55 milliseconds.',
    published: '55 ms (6x6, eleven clues, one solve)',
    plan: 'cpsat-chapter-solve',
    evaluate: timing(SHAPES[0], 110, '110 ms, twice the published "about 55 ms"'),
  },
  {
    id: '10x10-time',
    sentence: 'The same solver code returns the unique loop in a few milliseconds.',
    published: '"a few milliseconds" (10x10, 35 clues), read as at most 10 ms',
    plan: 'cpsat-chapter-solve',
    evaluate: timing(SHAPES[1], 10, '10 ms, read as the most "a few milliseconds" allows'),
  },
  {
    id: 'uniqueness',
    sentence: 'The toy and hard instances shown here were generated and checked for a unique solution by the AddCircuit model of this chapter.',
    published: 'both shapes unique, checked by the AddCircuit model',
    plan: 'cpsat-chapter-unique',
    evaluate(r) {
      const rows = SHAPES.map((shape) => {
        const chapter = runsOf(r, 'chapter-model', datasetOf(shape));
        const rules = runsOf(r, 'rules', datasetOf(shape));
        const agree = chapter.filter((c) => rules.some((x) => x.instance === c.instance && x.unique === c.unique && x.unique !== null)).length;
        return { shape, runs: chapter.length, unique: chapter.filter((c) => c.unique === true).length, agree, median: median(chapter.filter((c) => c.unique !== null).map((c) => c.solve_ms)) };
      });
      const total = rows.reduce((n, x) => n + x.runs, 0);
      const proved = rows.reduce((n, x) => n + x.unique, 0);
      const agreed = rows.reduce((n, x) => n + x.agree, 0);
      return {
        ours: rows.map((x) => `${x.unique}/${x.runs} ${x.shape.rows}x${x.shape.cols} proved unique by the chapter's model (median ${msText(x.median)} with the proof)`).join('; ') + `; the rules back-end agrees on ${agreed}/${total}`,
        verdict: total > 0 && proved === total && agreed === total ? 'holds' : 'does not hold',
        why: total > 0 && proved === total && agreed === total
          ? "the chapter's model (with a second solve that forbids the first loop) settles uniqueness on every puzzle of both shapes, as an independent method does; the chapter's own two puzzles exist only as figures"
          : `${total - proved} of ${total} not proved unique, or ${total - agreed} disagreeing with the rules back-end`,
      };
    },
  },
];

export const cpsatChapter: SourceDef = {
  name: 'cpsat-chapter',
  title: 'Vamshi Jandhyala, Slitherlink with CP-SAT AddCircuit (a book chapter)',
  seedFile: '000_995b49b42a77e481.txt',
  notes: ["The chapter's two puzzles are printed only as figures, so ours are generated with the same shapes: unique, 6x6 with exactly 11 clues and 10x10 with exactly 35 (minimal puzzles topped up with clues of their own loop)."],
  plans,
  claims,
};
