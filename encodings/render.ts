// Pictures of a puzzle: text for the terminal, SVG for reports and the README.
import { gridOf, type Puzzle } from './grid.ts';
import type { Solution } from './solution.ts';

/** Dots at vertices, `-`/`|` for loop edges, clues in cells (` ` blank, `?` unknown). */
export function renderText(puzzle: Puzzle, solution?: Solution | null): string {
  const grid = gridOf(puzzle);
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

export interface SvgOptions {
  /** Pixels between two vertices. */
  cell?: number;
  margin?: number;
  title?: string;
}

/** An SVG picture of the puzzle, with the loop drawn when a solution is given. */
export function renderSvg(puzzle: Puzzle, solution?: Solution | null, options: SvgOptions = {}): string {
  const size = options.cell ?? 28;
  const margin = options.margin ?? size / 2;
  const grid = gridOf(puzzle);
  const width = puzzle.cols * size + 2 * margin;
  const height = puzzle.rows * size + 2 * margin;
  const x = (c: number) => margin + c * size;
  const y = (r: number) => margin + r * size;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  if (options.title) parts.push(`<title>${escapeXml(options.title)}</title>`);
  parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  if (solution) {
    const path: string[] = [];
    for (let e = 0; e < grid.edgeCount; e++) {
      if (!solution.on[e]) continue;
      const [a, b] = grid.verticesOfEdge(e);
      const [r1, c1] = grid.vertexPosition(a);
      const [r2, c2] = grid.vertexPosition(b);
      path.push(`M${x(c1)} ${y(r1)}L${x(c2)} ${y(r2)}`);
    }
    parts.push(`<path d="${path.join('')}" stroke="#1f4e99" stroke-width="${Math.max(2, size / 8)}" stroke-linecap="round" fill="none"/>`);
  }
  const font = Math.round(size * 0.6);
  parts.push(`<g font-family="DejaVu Sans, sans-serif" font-size="${font}" text-anchor="middle" dominant-baseline="central" fill="#222">`);
  puzzle.clues.forEach((clue, cell) => {
    if (clue === null) return;
    const [r, c] = grid.cellPosition(cell);
    parts.push(`<text x="${x(c) + size / 2}" y="${y(r) + size / 2}">${clue}</text>`);
  });
  parts.push('</g>');
  parts.push('<g fill="#222">');
  const dot = Math.max(1.5, size / 14);
  for (let r = 0; r <= puzzle.rows; r++) for (let c = 0; c <= puzzle.cols; c++) parts.push(`<circle cx="${x(c)}" cy="${y(r)}" r="${dot}"/>`);
  parts.push('</g></svg>');
  return parts.join('\n') + '\n';
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
}
