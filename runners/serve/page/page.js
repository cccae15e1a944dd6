// The race page of `slitherbench serve`: read a puzzle through the server (so that it is read exactly as the
// CLI reads it), run the ticked back-ends side by side, draw each verified loop, chart the session's races,
// and write the race as a bench plan. When the server cannot be reached, the back-ends of the browser module
// (fetched when the page loads) run in the page, in a Web Worker. Plain browser JavaScript, served as it is.
'use strict';

const DEFAULT_TICKED = ['auto', 'rules', 'cdcl-loop'];
const $ = (id) => document.getElementById(id);
const state = { puzzle: null, text: '', raced: [] };
/** The browser module, its solver worker and the back-ends it runs, once loaded. */
const local = { module: null, solver: null, backends: new Set() };

/** A request that never reached the server (stopped, or the network is down), as opposed to one it refused. */
class ServerUnreachable extends Error {}

async function call(path, body) {
  let response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    throw new ServerUnreachable(`the server cannot be reached (${error.message})`);
  }
  const isJson = (response.headers.get('content-type') || '').includes('json');
  const value = isJson ? await response.json() : await response.text();
  if (!response.ok) throw new Error(isJson ? value.error : String(value));
  return value;
}

function showError(message) {
  $('error').textContent = message ? `error: ${message}` : '';
}

const SVG = 'http://www.w3.org/2000/svg';
function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The grid with its clues and, when given, the loop of a contract solution ({h, v} strings). */
function drawGrid(puzzle, solution) {
  if (puzzle.drawing) return drawOtherGrid(puzzle.drawing, solution);
  const cell = Math.max(8, Math.min(22, Math.floor(200 / Math.max(puzzle.rows, puzzle.cols))));
  const pad = 6;
  const svg = element('svg', { class: 'grid', width: puzzle.cols * cell + 2 * pad, height: puzzle.rows * cell + 2 * pad, role: 'img' });
  const x = (c) => pad + c * cell;
  const y = (r) => pad + r * cell;
  puzzle.clues.forEach((row, r) => [...row].forEach((clue, c) => {
    if (clue !== '.') svg.appendChild(element('text', { class: 'clue', x: x(c) + cell / 2, y: y(r) + cell / 2, 'font-size': Math.round(cell * 0.55) }, clue));
  }));
  if (solution) {
    solution.h.forEach((line, r) => [...line].forEach((on, c) => {
      if (on === '1') svg.appendChild(element('line', { class: 'loop-edge', 'data-edge': `h${r},${c}`, x1: x(c), y1: y(r), x2: x(c + 1), y2: y(r) }));
    }));
    solution.v.forEach((line, r) => [...line].forEach((on, c) => {
      if (on === '1') svg.appendChild(element('line', { class: 'loop-edge', 'data-edge': `v${r},${c}`, x1: x(c), y1: y(r), x2: x(c), y2: y(r + 1) }));
    }));
  }
  for (let r = 0; r <= puzzle.rows; r++) for (let c = 0; c <= puzzle.cols; c++) svg.appendChild(element('circle', { class: 'dot', cx: x(c), cy: y(r), r: Math.max(1.2, cell / 14) }));
  return svg;
}

/** Another grid from its drawing (POST /puzzle): guides for every edge, the loop's edges by their bits, dots, clues. */
function drawOtherGrid(drawing, solution) {
  const unit = Math.max(6, Math.min(22, Math.floor(220 / Math.max(drawing.width, drawing.height, 1))));
  const pad = unit;
  const svg = element('svg', { class: 'grid', width: Math.ceil(drawing.width * unit + 2 * pad), height: Math.ceil(drawing.height * unit + 2 * pad), role: 'img' });
  const at = ([x, y]) => [pad + x * unit, pad + y * unit];
  const bits = solution && typeof solution.edges === 'string' ? solution.edges : '';
  drawing.edges.forEach(([a, b], e) => {
    const [x1, y1] = at(drawing.dots[a]);
    const [x2, y2] = at(drawing.dots[b]);
    svg.appendChild(element('line', { class: bits[e] === '1' ? 'loop-edge' : 'guide', 'data-edge': String(e), x1, y1, x2, y2 }));
  });
  for (const dot of drawing.dots) {
    const [cx, cy] = at(dot);
    svg.appendChild(element('circle', { class: 'dot', cx, cy, r: Math.max(1.2, unit / 14) }));
  }
  for (const clue of drawing.clues) {
    const [x, y] = at([clue.x, clue.y]);
    svg.appendChild(element('text', { class: 'clue', x, y, 'font-size': Math.round(unit * 0.55) }, clue.text));
  }
  return svg;
}

/** How the page names a puzzle's size: RxC, or another grid's name and Loopy's width x height. */
const sizeName = (puzzle) => (puzzle.grid ? `${puzzle.grid} ${puzzle.width}x${puzzle.height}` : `${puzzle.rows}x${puzzle.cols}`);

async function loadBackends() {
  const rows = await (await fetch('/backends')).json();
  const box = $('backends');
  box.replaceChildren();
  for (const row of rows) {
    const label = document.createElement('label');
    label.title = row.available ? row.description : `cannot run here: ${row.reason}`;
    if (!row.available) label.className = 'unavailable';
    const input = document.createElement('input');
    Object.assign(input, { type: 'checkbox', value: row.name, disabled: !row.available, checked: row.available && DEFAULT_TICKED.includes(row.name) });
    input.name = 'backend';
    label.append(input, ` ${row.name}`);
    box.appendChild(label);
  }
}

const ticked = () => [...document.querySelectorAll('#backends input:checked')].map((i) => i.value);

/** The browser module's source is kept as a blob, so that its worker can start again with the server gone. */
async function loadBrowserModule() {
  const response = await fetch('/browser/slitherbench.js');
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
  const module = await import(url);
  local.solver = new module.WorkerSolver(() => new Worker(url, { type: 'module', name: module.SOLVER_WORKER_NAME }));
  local.backends = new Set((await module.listBackends()).filter((row) => row.available).map((row) => row.name));
  local.module = module;
  document.body.dataset.browserModule = 'ready';
}

const inPage = (backend) => local.backends.has(backend);

function serverGone() {
  const here = [...local.backends].join(', ');
  $('offline').textContent = here ? `The server cannot be reached: ${here} run in this page; the other back-ends need the server.` : 'The server cannot be reached, and the browser module did not load: nothing can run.';
  $('offline').hidden = false;
}

/** The puzzle as POST /puzzle describes it, read in the page by the same readers. */
function readHere(text) {
  const { puzzle, format } = local.module.readPuzzle(text);
  return local.module.describePuzzle(puzzle, format);
}

/** A race run in the page: the worker's pipeline verified the loop; it is checked again against the puzzle as read here. */
async function solveHere(backend, unique, timeout) {
  if (!inPage(backend)) return { status: 'error', unique: null, solution: null, timeMs: null, message: 'needs the server, which cannot be reached' };
  const answer = await local.solver.solve(state.text, { backend, unique, timeoutMs: timeout * 1000 });
  if (answer.solution) {
    const verdict = local.module.verify(local.module.parsePuzzle(state.text), answer.solution);
    if (!verdict.valid) return { status: 'error', unique: null, solution: null, timeMs: answer.timeMs, message: `verifier rejected the answer: ${verdict.reason}` };
  }
  return answer;
}

async function loadPuzzle() {
  showError('');
  const text = $('puzzle').value;
  try {
    try {
      state.puzzle = await call('/puzzle', { puzzle: text });
    } catch (error) {
      if (!(error instanceof ServerUnreachable) || !local.module) throw error;
      serverGone();
      state.puzzle = readHere(text);
    }
    state.text = text;
    $('shape').textContent = `${sizeName(state.puzzle)}, read as ${state.puzzle.format}`;
    $('race').disabled = false;
    $('plan').disabled = false;
    $('results').tBodies[0].replaceChildren();
    return true;
  } catch (error) {
    state.puzzle = null;
    $('race').disabled = true;
    $('plan').disabled = true;
    $('shape').textContent = '';
    showError(error.message);
    return false;
  }
}

function cellsOf(row) {
  return Object.fromEntries(['backend', 'status', 'unique', 'proof', 'time', 'wall', 'loop'].map((name, i) => [name, row.cells[i]]));
}

/**
 * Whether the answer was proved (the server certifies an answer whose uniqueness was asked of a back-end whose
 * proof costs little): proved, with the checker's verdict; not proved, with why; no proof, where none was written.
 */
function showProof(cell, answer, unique) {
  const certificate = answer.certificate;
  if (!certificate || certificate.certified === 'not supported') {
    cell.textContent = unique && answer.status !== 'error' ? 'no proof' : '';
    if (certificate) cell.title = certificate.reason;
    return;
  }
  cell.textContent = certificate.certified === 'yes' ? 'proved' : 'not proved';
  cell.title = certificate.certified === 'yes'
    ? (certificate.claim === 'not unique' ? 'two different loops, both checked by the verifier' : `a proof of ${certificate.proofBytes} bytes, checked by the independent checker in ${certificate.checkMs} ms`)
    : certificate.reason ?? '';
}

async function race() {
  if ($('puzzle').value !== state.text && !(await loadPuzzle())) return;
  const backends = ticked();
  if (backends.length === 0) return showError('tick at least one back-end');
  showError('');
  const body = $('results').tBodies[0];
  body.replaceChildren();
  const puzzle = state.puzzle;
  const unique = $('unique').checked;
  const timeout = Number($('timeout').value) || 20;
  const instance = `race ${state.raced.length + 1} (${sizeName(puzzle)})`;
  $('race').disabled = true;
  await Promise.all(backends.map(async (backend) => {
    const row = body.insertRow();
    row.dataset.backend = backend;
    for (let i = 0; i < 7; i++) row.insertCell();
    const cells = cellsOf(row);
    cells.backend.textContent = backend;
    cells.status.textContent = 'running';
    cells.status.className = 'status status-running';
    cells.loop.appendChild(drawGrid(puzzle, null));
    const started = performance.now();
    let answer;
    try {
      try {
        answer = await call('/solve', { puzzle: state.text, backend, unique, timeout });
      } catch (error) {
        if (!(error instanceof ServerUnreachable)) throw error;
        serverGone();
        answer = await solveHere(backend, unique, timeout);
        if (inPage(backend)) {
          row.dataset.where = 'page';
          cells.backend.textContent = `${backend} (in this page)`;
        }
      }
    } catch (error) {
      answer = { status: 'error', unique: null, solution: null, timeMs: null, message: error.message };
    }
    const wall = performance.now() - started;
    cells.status.textContent = answer.status;
    cells.status.className = `status status-${answer.status}`;
    if (answer.message) cells.status.title = answer.message;
    cells.unique.textContent = answer.unique === null ? (unique ? 'not decided' : 'not asked') : answer.unique ? 'proved unique' : 'not unique';
    showProof(cells.proof, answer, unique);
    cells.time.textContent = answer.timeMs === null || answer.timeMs === undefined ? '' : answer.timeMs.toFixed(1);
    cells.time.className = 'number';
    cells.wall.textContent = wall.toFixed(1);
    cells.wall.className = 'number';
    cells.loop.replaceChildren(drawGrid(puzzle, answer.solution));
    row.dataset.done = 'true';
    state.raced.push({ instance, backend, status: answer.status, solved: answer.status === 'solved', time_ms: answer.timeMs ?? timeout * 1000 });
    drawChart();
  }));
  $('race').disabled = false;
  $('results').dataset.finished = String(state.raced.length);
}

/** A cactus plot over the session: per back-end, its solved runs sorted by time, against how many were solved. */
function drawChart() {
  const byBackend = new Map();
  for (const run of state.raced.filter((r) => r.solved)) {
    if (!byBackend.has(run.backend)) byBackend.set(run.backend, []);
    byBackend.get(run.backend).push(run);
  }
  const values = [...byBackend].flatMap(([backend, runs]) => runs.sort((a, b) => a.time_ms - b.time_ms).map((r, i) => ({ backend, solved: i + 1, time_ms: Math.max(r.time_ms, 0.01), instance: r.instance })));
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 460,
    height: 240,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'solved', type: 'quantitative', title: 'puzzles solved', axis: { tickMinStep: 1, format: 'd' } },
      y: { field: 'time_ms', type: 'quantitative', scale: { type: 'log' }, title: 'back-end time (ms, log)' },
      color: { field: 'backend', type: 'nominal', title: 'back-end' },
      tooltip: [{ field: 'backend' }, { field: 'instance' }, { field: 'time_ms', title: 'time ms', format: '.2f' }],
    },
  };
  return vegaEmbed('#chart', spec, { actions: false, renderer: 'svg' }).catch((error) => showError(`chart: ${error.message}`));
}

async function openPlan() {
  if ($('puzzle').value !== state.text && !(await loadPuzzle())) return;
  try {
    const yaml = await call('/plan', { puzzle: state.text, backends: ticked(), unique: $('unique').checked, timeout: Number($('timeout').value) || 20 });
    $('plan-text').textContent = yaml;
    $('plan-download').href = URL.createObjectURL(new Blob([yaml], { type: 'text/yaml' }));
    $('plan-section').hidden = false;
    $('plan-section').scrollIntoView({ behavior: 'smooth' });
  } catch (error) {
    showError(error.message);
  }
}

$('load').addEventListener('click', loadPuzzle);
$('race').addEventListener('click', race);
$('plan').addEventListener('click', openPlan);
$('puzzle').addEventListener('input', () => {
  $('race').disabled = !$('puzzle').value.trim();
  $('plan').disabled = !$('puzzle').value.trim();
});
loadBackends().then(drawChart, (error) => showError(`cannot list back-ends: ${error.message}`));
// Loaded now, while the server is there: it is what the page solves with if the server goes away.
loadBrowserModule().catch((error) => {
  document.body.dataset.browserModule = `failed: ${error.message}`;
});
