// Chart images: a Vega-Lite spec -> SVG (vega, headless) -> PNG (resvg, DejaVu Sans). Puzzle pictures are
// encodings/render.ts.
import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import type { Spec } from './specs.ts';

export async function specToSvg(spec: Spec): Promise<string> {
  const compiled = compile(spec as never).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Whether the PNG text font is installed (Debian fonts-dejavu-core); without it resvg uses any system font. */
export const hasDejaVu = () => existsSync(DEJAVU);

export function svgToPng(svg: string, scale = 2): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: { loadSystemFonts: true, sansSerifFamily: 'DejaVu Sans', defaultFontFamily: 'DejaVu Sans', ...(hasDejaVu() ? { fontFiles: [DEJAVU] } : {}) },
  });
  return resvg.render().asPng();
}
