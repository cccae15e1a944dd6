// The static page of the browser build: reads the pasted puzzle here (the CLI's own readers), solves it in a
// Web Worker that runs the same bundle, checks the loop with the verifier and draws it. Plain browser
// JavaScript over the global `slitherbench` that the bundle's classic script sets.
'use strict';

const sb = window.slitherbench;
const $ = (id) => document.getElementById(id);

function showError(message) {
  $('error').textContent = message ? `error: ${message}` : '';
}

let solver;
/** One solver worker for the page, made from a blob of the inline bundle: a page opened from file:// can start no worker from a file. */
function solverFor() {
  if (!solver) {
    const url = URL.createObjectURL(new Blob([$('slitherbench-classic').textContent], { type: 'text/javascript' }));
    solver = new sb.WorkerSolver(() => new Worker(url, { name: sb.SOLVER_WORKER_NAME }));
  }
  return solver;
}

async function listBackends() {
  const select = $('backend');
  const server = $('server-backends');
  const rows = await sb.listBackends();
  // The worker starts now and loads the back-ends of this page, so that the first solve finds them ready.
  solverFor().warm(rows.filter((row) => row.available).map((row) => row.name)).catch((error) => showError(error.message));
  for (const row of rows) {
    if (row.available) {
      const option = new Option(row.name, row.name, row.name === 'auto', row.name === 'auto');
      option.title = row.description;
      select.add(option);
    } else {
      const item = document.createElement('li');
      const name = document.createElement('code');
      name.textContent = row.name;
      item.append(name, `: ${row.description}`);
      server.appendChild(item);
    }
  }
}

function uniquenessText(answer, asked) {
  if (answer.unique === null) return asked ? 'not decided' : 'not asked';
  return answer.unique ? 'proved unique' : 'not unique';
}

function setStatus(status, message) {
  $('status').textContent = message ? `${status}: ${message}` : status;
  $('status').className = `status-${status}`;
}

async function solveClicked() {
  showError('');
  let puzzle;
  try {
    puzzle = sb.parsePuzzle($('puzzle').value);
  } catch (error) {
    showError(error.message);
    return;
  }
  const unique = $('unique').checked;
  const timeoutMs = Math.max(1, (Number($('timeout').value) || 20) * 1000);
  const result = $('result');
  result.hidden = false;
  delete result.dataset.state;
  $('shape').textContent = `${puzzle.rows}x${puzzle.cols}`;
  setStatus('running');
  for (const id of ['uniqueness', 'time', 'wall']) $(id).textContent = '';
  const cell = Math.max(10, Math.min(32, Math.floor(640 / Math.max(puzzle.rows, puzzle.cols))));
  $('picture').innerHTML = sb.renderSvg(puzzle, null, { cell });
  $('solve').disabled = true;
  const started = performance.now();
  try {
    const answer = await solverFor().solve(puzzle, { backend: $('backend').value, unique, timeoutMs });
    $('wall').textContent = `${(performance.now() - started).toFixed(1)} ms`;
    if (answer.solution) {
      // The worker's pipeline verified it; the loop drawn is checked again against the puzzle as read here.
      const verdict = sb.verify(puzzle, answer.solution);
      if (!verdict.valid) {
        setStatus('error', `verifier rejected the answer: ${verdict.reason}`);
        return;
      }
    }
    setStatus(answer.status, answer.message);
    $('uniqueness').textContent = uniquenessText(answer, unique);
    $('time').textContent = `${answer.timeMs.toFixed(2)} ms (${answer.backend})`;
    $('picture').innerHTML = sb.renderSvg(puzzle, answer.solution, { cell });
  } catch (error) {
    setStatus('error');
    showError(error.message);
  } finally {
    result.dataset.state = 'done';
    $('solve').disabled = false;
  }
}

$('solve').addEventListener('click', solveClicked);
listBackends().catch((error) => showError(error.message));
