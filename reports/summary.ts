// Summary tables: per back-end and per size class, solved counts, PAR-2, median and max time; with repeats,
// the min-max range and how much repeats of one instance vary (coefficient of variation).
import { isSolvedLike, sizeClassOf, type RunRecord } from './records.ts';
import { bySize, groupBy, meanPar2Seconds, median } from './statistics.ts';
import { fmt, labelsThenNumbers, maxOf, tableMarkdown, type Table } from './tables.ts';

export interface SummaryRow {
  backend: string;
  sizeClass: string;
  runs: number;
  solved: number;
  unsat: number;
  failed: number;
  /** Mean PAR-2 in seconds: solve time when solved or proved unsat, twice the timeout otherwise. */
  par2: number;
  medianMs: number | null;
  maxMs: number | null;
  minMs: number | null;
  /** Most repeats of one instance in the group (1 without --repeat). */
  repeats: number;
  /**
   * Median over instances of the coefficient of variation (sample standard deviation / mean) of the
   * answered repeats' times: the noise of the measurement, apart from the spread between instances.
   */
  repeatCv: number | null;
}

/** Sample standard deviation over mean; null for fewer than two values or a zero mean. */
export function coefficientOfVariation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  if (mean === 0) return null;
  const variance = values.reduce((s, x) => s + (x - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance) / mean;
}

function summarise(backend: string, sizeClass: string, runs: RunRecord[], timeoutMs: number): SummaryRow {
  const ok = runs.filter(isSolvedLike);
  const times = ok.map((r) => r.solve_ms);
  const par2 = meanPar2Seconds(runs, timeoutMs);
  return {
    backend, sizeClass, runs: runs.length,
    solved: runs.filter((r) => r.status === 'solved').length,
    unsat: runs.filter((r) => r.status === 'unsat').length,
    failed: runs.length - ok.length,
    par2, medianMs: median(times), maxMs: times.length ? Math.max(...times) : null, minMs: times.length ? Math.min(...times) : null,
    repeats: Math.max(...[...groupBy(runs, (r) => r.instance).values()].map((g) => g.length)),
    repeatCv: median([...groupBy(ok, (r) => r.instance).values()].map((g) => coefficientOfVariation(g.map((r) => r.solve_ms))).filter((x): x is number => x !== null)),
  };
}

/** One 'all' row per back-end, then one per size class (RxC), smallest first. */
export function summaryRows(records: RunRecord[], timeoutMs: number): SummaryRow[] {
  const backends = [...new Set(records.map((r) => r.backend))].sort();
  const sizes = [...new Set(records.map(sizeClassOf))].sort(bySize);
  const rows: SummaryRow[] = [];
  for (const backend of backends) {
    const mine = records.filter((r) => r.backend === backend);
    rows.push(summarise(backend, 'all', mine, timeoutMs));
    if (sizes.length > 1) for (const size of sizes) {
      const runs = mine.filter((r) => sizeClassOf(r) === size);
      if (runs.length) rows.push(summarise(backend, size, runs, timeoutMs));
    }
  }
  return rows;
}

/** With repeats the table also shows min-max and the repeats' coefficient of variation. */
const hasRepeats = (rows: readonly SummaryRow[]) => rows.some((r) => r.repeats > 1);

const percent = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);

/** The summary table, for summary.md, the results page and report.html alike; an 'all' row names its back-end in bold. */
export function summaryTable(rows: readonly SummaryRow[]): Table {
  const repeats = hasRepeats(rows);
  const header = ['back-end', 'size', 'runs', 'solved', 'unsat', 'failed', 'PAR-2 (s)', 'median (ms)', ...(repeats ? ['min-max (ms)', 'CV of repeats'] : ['max (ms)'])];
  return {
    header,
    rows: rows.map((r) => [r.sizeClass === 'all' ? `**${r.backend}**` : r.backend, r.sizeClass, r.runs, r.solved, r.unsat, r.failed, fmt(r.par2, 3), fmt(r.medianMs), ...(repeats ? [`${fmt(r.minMs)}-${fmt(r.maxMs)}`, percent(r.repeatCv)] : [fmt(r.maxMs)])]),
    align: labelsThenNumbers(header, 2),
  };
}

/** What the summary table's CV column means, when it has one (runs with repeats). */
export const repeatCvNote = (rows: readonly SummaryRow[]) => (hasRepeats(rows) ? ` CV of repeats: per instance, the standard deviation of its answered repeats' times over their mean; the median over the instances of the row.` : '');

export function summaryMarkdown(rows: SummaryRow[], timeoutMs: number): string {
  return `${tableMarkdown(summaryTable(rows))}\nPAR-2: mean over runs of the solve time when solved or proved unsat, else 2 x the ${timeoutMs / 1000} s timeout. Times are the back-end's own (encode + solve + uniqueness), as measured inside the worker process.${repeatCvNote(rows)}\n`;
}

/** Per back-end whose runs certify (bench --unique by default, or --certify): how many answers were proved, and its proofs' sizes and check times. */
export interface CertificateRow {
  backend: string;
  /** Its answers (solved or unsat), every run of the back-end counted. */
  answers: number;
  /** Answers certified: a proof the checker verified, or for "not unique" two different loops the verifier accepted. */
  certified: number;
  notCertified: number;
  notSupported: number;
  proofKbMedian: number | null;
  proofKbMax: number | null;
  checkMsMedian: number | null;
  checkMsMax: number | null;
  /** Median over the checked proofs of check time over the back-end's time. */
  checkRatioMedian: number | null;
}

export function certificateRows(records: RunRecord[]): CertificateRow[] {
  const certifying = records.filter((r) => r.certified !== undefined);
  return [...groupBy(certifying, (r) => r.backend)].sort(([a], [b]) => a.localeCompare(b)).map(([backend, runs]) => {
    const proofs = runs.filter((r) => typeof r.proof_bytes === 'number' && typeof r.check_ms === 'number');
    const kb = proofs.map((r) => r.proof_bytes! / 1024);
    const check = proofs.map((r) => r.check_ms!);
    return {
      backend,
      // A run killed by its worker's limit has no certificate columns; it is no answer either.
      answers: records.filter((r) => r.backend === backend && isSolvedLike(r)).length,
      certified: runs.filter((r) => r.certified === 'yes').length,
      notCertified: runs.filter((r) => r.certified === 'no').length,
      notSupported: runs.filter((r) => r.certified === 'not supported').length,
      proofKbMedian: median(kb), proofKbMax: maxOf(kb),
      checkMsMedian: median(check), checkMsMax: maxOf(check),
      checkRatioMedian: median(proofs.filter((r) => r.solve_ms > 0).map((r) => r.check_ms! / r.solve_ms)),
    };
  });
}

/** The back-ends of a run none of whose runs certified (bench --unique certifies only where a proof costs little). */
export function backendsWithoutProofs(records: RunRecord[]): string[] {
  const certifying = new Set(records.filter((r) => r.certified !== undefined).map((r) => r.backend));
  return [...new Set(records.map((r) => r.backend))].filter((b) => !certifying.has(b)).sort();
}

/** The certificate table, for summary.md, the results page and report.html alike: a row per back-end. */
export function certificateTable(rows: readonly CertificateRow[]): Table {
  const header = ['back-end', 'proved', 'not certified', 'not supported', 'proof KB (median)', 'proof KB (max)', 'check ms (median)', 'check ms (max)', 'check / solve (median)'];
  return {
    header,
    rows: rows.map((r) => [r.backend, `${r.certified} of ${r.answers}`, r.notCertified, r.notSupported, fmt(r.proofKbMedian), fmt(r.proofKbMax), fmt(r.checkMsMedian), fmt(r.checkMsMax), r.checkRatioMedian === null ? null : `${fmt(r.checkRatioMedian, 2)}x`]),
    align: labelsThenNumbers(header, 1),
  };
}

/** What the certificate table counts; report.html also names the document of the proof format. `without`: the run's back-ends that certified nothing. */
export const certificateNote = (namingProofFormat: boolean, without: readonly string[] = []) => `Proved: n of m answers (solved or unsat): a unique loop or no loop with a proof the independent checker verified${namingProofFormat ? ' (docs/proof-format.md)' : ''}; a "not unique" answer counts as proved when its two different loops both pass the verifier. Not certified: no answer in time, or no proof the checker accepted. Check time is the checker's, apart from the back-end's time.${without.length ? ` Not listed, as they wrote no proofs in this run: ${without.join(', ')} (with --unique, bench certifies by default only where a proof costs little beside the answer; --certify asks every back-end that can).` : ''}`;

export const certificateMarkdown = (rows: readonly CertificateRow[], without: readonly string[] = []): string => (rows.length === 0 ? '' : `${tableMarkdown(certificateTable(rows))}\n${certificateNote(false, without)}\n`);
