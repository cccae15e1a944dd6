// Pictures of a puzzle: text for the terminal, SVG for reports and the README.
import { gridOf, type Grid, type Puzzle } from './grid.ts';
import { edgeComponents, type Solution } from './solution.ts';
import { clueCharacter } from './formats/characters.ts';

/** Dots at vertices, `-`/`|` for loop edges, clues in cells (` ` blank, `?` unknown). */
export function renderText(puzzle: Puzzle, solution?: Solution | null): string {
  const grid = gridOf(puzzle);
  if (!grid.isSquare) return renderTiledText(grid, puzzle, solution);
  const on = (e: number) => (solution ? solution.on[e] === 1 : false);
  const lines: string[] = [];
  for (let r = 0; r <= puzzle.rows; r++) {
    let dots = '';
    for (let c = 0; c <= puzzle.cols; c++) {
      dots += '+';
      if (c < puzzle.cols) dots += on(grid.horizontalEdge(r, c)) ? '---' : '   ';
    }
    lines.push(dots.trimEnd());
    if (r === puzzle.rows) break;
    let cells = '';
    for (let c = 0; c <= puzzle.cols; c++) {
      cells += on(grid.verticalEdge(r, c)) ? '|' : ' ';
      if (c < puzzle.cols) {
        const clue = puzzle.clues[grid.cell(r, c)];
        cells += ` ${clue === null ? ' ' : String(clue)} `;
      }
    }
    lines.push(cells.trimEnd());
  }
  return lines.join('\n') + '\n';
}

/** The length of a grid's shortest edge, in its own coordinates: what a picture scales to a fixed size. */
function shortestEdge(grid: Grid, points: readonly (readonly [number, number])[]): number {
  let shortest = Infinity;
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.verticesOfEdge(e);
    shortest = Math.min(shortest, Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1]));
  }
  return shortest;
}

/**
 * Any other grid drawn on a character canvas: `.` at vertices, the loop's edges in `-`, `|`, `/` and `\\` by
 * their slope, clues at their faces' centres. Shortest edges come out about six columns long.
 */
function renderTiledText(grid: Grid, puzzle: Puzzle, solution?: Solution | null): string {
  const points = Array.from({ length: grid.vertexCount }, (_, v) => grid.vertexPoint(v));
  // A character is about twice as tall as it is wide.
  const sx = 6 / shortestEdge(grid, points);
  const sy = sx / 2;
  const minX = Math.min(...points.map((p) => p[0]));
  const minY = Math.min(...points.map((p) => p[1]));
  const column = (x: number) => Math.round((x - minX) * sx);
  const row = (y: number) => Math.round((y - minY) * sy);
  const width = Math.max(...points.map((p) => column(p[0]))) + 1;
  const height = Math.max(...points.map((p) => row(p[1]))) + 1;
  const canvas = Array.from({ length: height }, () => new Array<string>(width).fill(' '));
  for (let e = 0; e < grid.edgeCount && solution; e++) {
    if (!solution.on[e]) continue;
    const [a, b] = grid.verticesOfEdge(e);
    const [x0, y0, x1, y1] = [column(points[a][0]), row(points[a][1]), column(points[b][0]), row(points[b][1])];
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    const slope = Math.abs(x1 - x0) >= 2 * Math.abs(y1 - y0) ? '-' : Math.abs(y1 - y0) >= 2 * Math.abs(x1 - x0) ? '|' : (x1 - x0) * (y1 - y0) > 0 ? '\\' : '/';
    for (let k = 1; k < steps; k++) canvas[Math.round(y0 + ((y1 - y0) * k) / steps)][Math.round(x0 + ((x1 - x0) * k) / steps)] = slope;
  }
  for (const [x, y] of points) canvas[row(y)][column(x)] = '+';
  puzzle.clues.forEach((clue, face) => {
    if (clue === null) return;
    const [x, y] = grid.facePoint(face);
    canvas[row(y)][column(x)] = clue === '?' ? '?' : clueCharacter(clue);
  });
  return canvas.map((line) => line.join('').trimEnd()).join('\n') + '\n';
}

export interface SvgOptions {
  /** Pixels between two vertices. */
  cell?: number;
  margin?: number;
  title?: string;
}

const INK = '#222';
const LOOP = '#1f4e99';
const GUIDE = '#d0d4da';

/**
 * An SVG picture of the puzzle: faint cell guides, vertex dots, clues, and the loop drawn as closed paths
 * (one per loop, round joins) when a solution is given. Self-contained: no CSS, no external font needed.
 */
export function renderSvg(puzzle: Puzzle, solution?: Solution | null, options: SvgOptions = {}): string {
  const size = options.cell ?? 32;
  const margin = options.margin ?? Math.round(size * 0.6);
  const grid = gridOf(puzzle);
  if (!grid.isSquare) return renderTiledSvg(grid, puzzle, solution, size, margin, options.title);
  const width = puzzle.cols * size + 2 * margin;
  const height = puzzle.rows * size + 2 * margin;
  const x = (c: number) => margin + c * size;
  const y = (r: number) => margin + r * size;
  const point = (vertex: number) => {
    const [r, c] = grid.vertexPosition(vertex);
    return `${x(c)} ${y(r)}`;
  };
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  if (options.title) parts.push(`<title>${escapeXml(options.title)}</title>`);
  parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  const guides: string[] = [];
  for (let r = 0; r <= puzzle.rows; r++) guides.push(`M${x(0)} ${y(r)}H${x(puzzle.cols)}`);
  for (let c = 0; c <= puzzle.cols; c++) guides.push(`M${x(c)} ${y(0)}V${y(puzzle.rows)}`);
  parts.push(`<path d="${guides.join('')}" stroke="${GUIDE}" stroke-width="1" stroke-dasharray="2 3" fill="none"/>`);
  if (solution) {
    const d = edgeComponents(grid, (e) => solution.on[e] === 1).map((edges) => loopPath(grid, edges, point)).join('');
    if (d) parts.push(`<path d="${d}" stroke="${LOOP}" stroke-width="${Math.max(2, Math.round(size / 7))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`);
  }
  const dot = Math.max(1.5, size / 13);
  const dots: string[] = [];
  for (let r = 0; r <= puzzle.rows; r++) for (let c = 0; c <= puzzle.cols; c++) dots.push(`<circle cx="${x(c)}" cy="${y(r)}" r="${dot}"/>`);
  parts.push(`<g fill="${INK}">${dots.join('')}</g>`);
  const font = Math.round(size * 0.58);
  const clues: string[] = [];
  puzzle.clues.forEach((clue, cell) => {
    if (clue === null) return;
    const [r, c] = grid.cellPosition(cell);
    // Baseline placed by hand: dominant-baseline is ignored by some renderers (resvg among them).
    const fill = clue === '?' ? ' fill="#888"' : '';
    clues.push(`<text x="${x(c) + size / 2}" y="${(y(r) + size / 2 + font * 0.36).toFixed(1)}"${fill}>${clue}</text>`);
  });
  parts.push(`<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${font}" text-anchor="middle" fill="${INK}">${clues.join('')}</g>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/** A grid as plain numbers, for a page that draws it itself: the shortest edge 1 long, the top-left corner at 0, 0. */
export interface GridDrawing {
  readonly width: number;
  readonly height: number;
  /** Each vertex's point. */
  readonly dots: readonly (readonly [number, number])[];
  /** Each edge's two vertices, in the grid's edge order (the order of a solution's edge bits). */
  readonly edges: readonly (readonly [number, number])[];
  /** Each clue at its face's centre. */
  readonly clues: readonly { readonly x: number; readonly y: number; readonly text: string }[];
}

/** The drawing of a puzzle's grid and clues, on any grid. */
export function gridDrawing(puzzle: Puzzle): GridDrawing {
  const grid = gridOf(puzzle);
  const raw = Array.from({ length: grid.vertexCount }, (_, v) => grid.vertexPoint(v));
  const scale = 1 / shortestEdge(grid, raw);
  const minX = Math.min(...raw.map((p) => p[0]));
  const minY = Math.min(...raw.map((p) => p[1]));
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const at = ([x, y]: readonly [number, number]) => [round((x - minX) * scale), round((y - minY) * scale)] as const;
  const dots = raw.map(at);
  const clues: { x: number; y: number; text: string }[] = [];
  puzzle.clues.forEach((clue, face) => {
    if (clue === null) return;
    const [x, y] = at(grid.facePoint(face));
    clues.push({ x, y, text: String(clue) });
  });
  return {
    width: Math.max(...dots.map((d) => d[0])),
    height: Math.max(...dots.map((d) => d[1])),
    dots,
    edges: Array.from({ length: grid.edgeCount }, (_, e) => grid.verticesOfEdge(e)),
    clues,
  };
}

/**
 * Any other grid: the same picture from the vertices' coordinates, scaled so that the shortest edge is `size`
 * pixels long, every edge a faint guide, clues at their faces' centres.
 */
function renderTiledSvg(grid: Grid, puzzle: Puzzle, solution: Solution | null | undefined, size: number, margin: number, title?: string): string {
  const raw = Array.from({ length: grid.vertexCount }, (_, v) => grid.vertexPoint(v));
  const scale = size / shortestEdge(grid, raw);
  const minX = Math.min(...raw.map((p) => p[0]));
  const minY = Math.min(...raw.map((p) => p[1]));
  const at = ([x, y]: readonly [number, number]) => [margin + (x - minX) * scale, margin + (y - minY) * scale] as const;
  const text = (n: number) => String(Math.round(n * 10) / 10);
  const point = (vertex: number) => at(raw[vertex]).map(text).join(' ');
  const width = Math.ceil(Math.max(...raw.map((p) => at(p)[0])) + margin);
  const height = Math.ceil(Math.max(...raw.map((p) => at(p)[1])) + margin);
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`];
  if (title) parts.push(`<title>${escapeXml(title)}</title>`);
  parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  const guides: string[] = [];
  for (let e = 0; e < grid.edgeCount; e++) guides.push(`M${point(grid.verticesOfEdge(e)[0])}L${point(grid.verticesOfEdge(e)[1])}`);
  parts.push(`<path d="${guides.join('')}" stroke="${GUIDE}" stroke-width="1" stroke-dasharray="2 3" fill="none"/>`);
  if (solution) {
    const d = edgeComponents(grid, (e) => solution.on[e] === 1).map((edges) => loopPath(grid, edges, point)).join('');
    if (d) parts.push(`<path d="${d}" stroke="${LOOP}" stroke-width="${Math.max(2, Math.round(size / 7))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`);
  }
  const dot = Math.max(1.5, size / 13);
  parts.push(`<g fill="${INK}">${raw.map((_, v) => `<circle cx="${text(at(raw[v])[0])}" cy="${text(at(raw[v])[1])}" r="${dot}"/>`).join('')}</g>`);
  const font = Math.round(size * 0.5);
  const clues: string[] = [];
  puzzle.clues.forEach((clue, face) => {
    if (clue === null) return;
    const [x, y] = at(grid.facePoint(face));
    const fill = clue === '?' ? ' fill="#888"' : '';
    clues.push(`<text x="${text(x)}" y="${text(y + font * 0.36)}"${fill}>${clue}</text>`);
  });
  parts.push(`<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${font}" text-anchor="middle" fill="${INK}">${clues.join('')}</g>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/** One closed path around a loop; pieces that are not simple cycles (invalid answers) as plain segments. */
function loopPath(grid: Grid, edges: readonly number[], point: (vertex: number) => string): string {
  const around = new Map<number, number[]>();
  for (const e of edges) for (const v of grid.verticesOfEdge(e)) around.set(v, [...(around.get(v) ?? []), e]);
  const isCycle = [...around.values()].every((list) => list.length === 2);
  if (!isCycle) return edges.map((e) => `M${point(grid.verticesOfEdge(e)[0])}L${point(grid.verticesOfEdge(e)[1])}`).join('');
  const start = grid.verticesOfEdge(edges[0])[0];
  let d = `M${point(start)}`;
  let vertex = start;
  let edge = edges[0];
  for (let step = 0; step < edges.length; step++) {
    const [a, b] = grid.verticesOfEdge(edge);
    vertex = vertex === a ? b : a;
    if (vertex === start) break;
    d += `L${point(vertex)}`;
    edge = around.get(vertex)!.find((e) => e !== edge)!;
  }
  return d + 'Z';
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
}
