// The server/browser boundary: islands (.tsx) and client scripts import plain modules; plain modules
// never import server code (src/db, *.server.ts), so nothing server-only can reach the browser.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-code-only-from-server-code',
      comment: 'Only *.server.ts, src/db, pages, middleware and tests may import src/db or a *.server.ts module.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['\\.server\\.ts$', '^src/db/', '^src/pages/', '^src/middleware\\.ts$', '\\.test\\.tsx?$', '\\.astro$'] },
      // A type-only import is erased at build; islands are held to the stricter rule below.
      to: { path: ['\\.server\\.ts$', '^src/db/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'islands-never-reach-server-code',
      comment: 'An island must not reach src/db or a *.server.ts module, even through other modules.',
      severity: 'error',
      from: { path: '\\.tsx$' },
      to: { path: ['\\.server\\.ts$', '^src/db/'], reachable: true },
    },
    {
      name: 'job-engine-knows-no-feature',
      comment: 'src/server/jobs is the platform layer: features register their jobs with it, never the other way round.',
      severity: 'error',
      from: { path: '^src/server/jobs/' },
      to: { path: '^src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/', '^\\.astro/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  },
};
