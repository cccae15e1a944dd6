// slitherbench as a library: the package's entry point (package.json `exports`). Reading, writing, checking
// and drawing puzzles come from puzzles.ts (no Node needed); solving, back-ends, generating and benchmarking
// need Node (workers, files). Nothing here writes to stdout or stderr; bad input throws a UsageError whose
// message is the CLI's `error:` line.
export * from './puzzles.ts';
export { DEFAULT_BACKEND, DEFAULT_TIMEOUT_MS, solve, Solver, type SolveOptions, type SolveResult, type SolverOptions } from './solver.ts';
export { generate, type GenerateOptions, type GeneratedPuzzle } from './generate.ts';
export { listBackends, type BackendInfo } from './backends.ts';
export { runBench, type BenchOptions, type BenchResult, type Disagreement, type RunRecord } from './bench.ts';
