// The layers, and the few rules that keep them apart. Dependencies point one way:
//   runners -> reports -> datasets -> encodings
// `npm test` runs these first (npm run check:layers); a broken rule fails the test run.
/** A forbidden dependency: a module matching `from` may not import one matching `to` (why: `comment`). */
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    rule('encodings-imports-nothing-above', 'encodings/ (the IR, formats, verifier, back-ends) is the bottom layer: it imports no datasets/, reports/ or runners/ code.',
      { path: '^encodings/' }, { path: '^(datasets|reports|runners)/' }),
    rule('datasets-imports-only-encodings', 'datasets/ (built-in sets, generator, loading) may use encodings/ only.',
      { path: '^datasets/' }, { path: '^(reports|runners)/' }),
    rule('reports-never-imports-runners', 'reports/ reads records and draws charts; the records and their readers live in reports/, runners/ only writes them.',
      { path: '^reports/' }, { path: '^runners/' }),
    rule('back-end-families-stay-apart', 'A back-end family (encodings/backends/sat, ilp, cpsat, smt, rules, cdcl) shares code through encodings/ (protocol.ts, grid.ts), never by importing another family.',
      { path: '^encodings/backends/([^/]+)/', pathNot: '^encodings/backends/auto/' }, { path: '^encodings/backends/', pathNot: '^encodings/backends/$1/' }),
    rule('auto-composes-rules-and-cdcl', 'auto is rules then cdcl-loop by design; it may import those two families and no other.',
      { path: '^encodings/backends/auto/' }, { path: '^encodings/backends/', pathNot: '^encodings/backends/(auto|rules|cdcl)/' }),
    rule('the-ir-knows-no-back-end', 'Only the registry names back-ends; the IR, formats, verifier and protocol do not import them.',
      { path: '^encodings/', pathNot: '^encodings/(backends/|registry\\.ts$)' }, { path: '^encodings/backends/' }),
    rule('the-proof-checker-trusts-only-the-ir', 'encodings/certify/ is the trusted proof checker: it reads the puzzle IR, solutions, the verifier and the formats, and nothing that a back-end shares (protocol, registry, oracle).',
      { path: '^encodings/certify/' }, { path: '^encodings/', pathNot: '^encodings/(certify/|grid\\.ts$|solution\\.ts$|verify\\.ts$|errors\\.ts$|formats/)' }),
    rule('harness-is-not-the-cli', 'runners/harness/, runners/workers/ and runners/experiments/ are used by the CLI, never the other way round.',
      { path: '^runners/(harness|workers|experiments)/' }, { path: '^runners/cli/' }),
    rule('no-circular', 'Modules that import each other cannot be read or tested one at a time.',
      {}, { circular: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
