// The server/browser boundary: islands (.tsx) and client scripts import plain modules; plain modules
// never import server code (src/db, *.server.ts), so nothing server-only can reach the browser.
// And the layering: no import circles anywhere in src/; src/server (the platform features stand on)
// never imports a feature (docs/platform-layer.md).
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
      name: 'no-circular',
      comment: 'No import circles: a circle ties every module on it together, so none can be understood, tested or loaded on its own.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'server-never-imports-features',
      comment: 'src/server is what features stand on (configuration, the HTTP boundary, storage, mail, jobs); if it imported a feature, features would reach each other through it. Features register what it must call back. Its tests may drive it through a feature.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '\\.test\\.tsx?$' },
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
