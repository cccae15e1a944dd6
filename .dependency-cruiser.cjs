// The layers, and the few rules that keep them apart. Dependencies point one way:
//   runners -> reports -> datasets -> encodings
// `npm test` runs these first (npm run check:layers); a broken rule fails the test run.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'encodings-imports-nothing-above',
      comment: 'encodings/ (the IR, formats, verifier, back-ends) is the bottom layer: it imports no datasets/, reports/ or runners/ code.',
      severity: 'error',
      from: { path: '^encodings/' },
      to: { path: '^(datasets|reports|runners)/' },
    },
    {
      name: 'datasets-imports-only-encodings',
      comment: 'datasets/ (built-in sets, generator, loading) may use encodings/ only.',
      severity: 'error',
      from: { path: '^datasets/' },
      to: { path: '^(reports|runners)/' },
    },
    {
      name: 'reports-never-imports-runners',
      comment: 'reports/ reads records and draws charts; the records and their readers live in reports/, runners/ only writes them.',
      severity: 'error',
      from: { path: '^reports/' },
      to: { path: '^runners/' },
    },
    {
      name: 'back-end-families-stay-apart',
      comment: 'A back-end family (encodings/backends/sat, ilp, cpsat, smt, rules, cdcl) shares code through encodings/ (protocol.ts, grid.ts), never by importing another family.',
      severity: 'error',
      from: { path: '^encodings/backends/([^/]+)/', pathNot: '^encodings/backends/auto/' },
      to: { path: '^encodings/backends/', pathNot: '^encodings/backends/$1/' },
    },
    {
      name: 'auto-composes-rules-and-cdcl',
      comment: 'auto is rules then cdcl-loop by design; it may import those two families and no other.',
      severity: 'error',
      from: { path: '^encodings/backends/auto/' },
      to: { path: '^encodings/backends/', pathNot: '^encodings/backends/(auto|rules|cdcl)/' },
    },
    {
      name: 'the-ir-knows-no-back-end',
      comment: 'Only the registry names back-ends; the IR, formats, verifier and protocol do not import them.',
      severity: 'error',
      from: { path: '^encodings/', pathNot: '^encodings/(backends/|registry\\.ts$)' },
      to: { path: '^encodings/backends/' },
    },
    {
      name: 'the-proof-checker-trusts-only-the-ir',
      comment: 'encodings/certify/ is the trusted proof checker: it reads the puzzle IR, solutions, the verifier and the formats, and nothing that a back-end shares (protocol, registry, oracle).',
      severity: 'error',
      from: { path: '^encodings/certify/' },
      to: { path: '^encodings/', pathNot: '^encodings/(certify/|grid\\.ts$|solution\\.ts$|verify\\.ts$|errors\\.ts$|formats/)' },
    },
    {
      name: 'harness-is-not-the-cli',
      comment: 'runners/harness/ and runners/experiments/ are used by the CLI, never the other way round.',
      severity: 'error',
      from: { path: '^runners/(harness|experiments)/' },
      to: { path: '^runners/cli/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be read or tested one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
