// The import boundaries, checked by `npm run check` (docs/decisions/0175-enforced-boundaries.md).
// A feature is a folder directly under src/client/features or src/server/features; its public entry is
// its index.ts. Tests may also use another server feature's test-support.ts.
const TESTS = '(\\.test\\.tsx?$|/test-support\\.ts$|/test-utils\\.tsx?$|^src/(client|server)/test/|^tests/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing',
      comment: 'src/shared is used by the browser and the server alike: it imports nothing else of the repo.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(client|server)|tests|scripts|bench)/' },
    },
    {
      name: 'client-not-server',
      comment: 'The browser bundle never contains server code.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      comment:
        'The server uses the client only to render pages: the renderer entry (and type imports of the ' +
        'renderer and the API client); tests may check client code against the server.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: TESTS },
      to: {
        path: '^src/client/',
        pathNot: '^src/client/entry-server\\.tsx$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'features-through-public-entry',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^src/(client|server)/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^src/(client|server)/features/[^/]+/',
        pathNot: ['^src/$1/features/$2/', '^src/(client|server)/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'app-through-public-entry',
      comment:
        'Code outside the features (the app shell, route tree, renderer, benchmarks) uses a feature only ' +
        "through its index.ts. The server's route registry (src/server/features/index.ts) is the one exception.",
      severity: 'error',
      from: {
        path: '^(src|bench|scripts)/',
        pathNot: ['^src/(client|server)/features/', TESTS],
      },
      to: {
        path: '^src/(client|server)/features/[^/]+/',
        pathNot: '^src/(client|server)/features/[^/]+/index\\.tsx?$',
      },
    },
    {
      name: 'feature-tests-through-public-entry',
      comment: "A feature's tests use another feature's index.ts, or that feature's test-support.ts.",
      severity: 'error',
      from: {
        path: '^src/(client|server)/features/([^/]+)/(.+\\.test\\.tsx?|test-support\\.ts|test-utils\\.tsx?)$',
      },
      to: {
        path: '^src/(client|server)/features/[^/]+/',
        pathNot: [
          '^src/$1/features/$2/',
          '^src/(client|server)/features/[^/]+/(index\\.tsx?|test-support\\.ts)$',
        ],
      },
    },
    {
      name: 'other-tests-through-public-entry',
      comment: "Tests outside the features use a feature's index.ts, or its test-support.ts.",
      severity: 'error',
      from: { path: TESTS, pathNot: '^src/(client|server)/features/' },
      to: {
        path: '^src/(client|server)/features/[^/]+/',
        pathNot: '^src/(client|server)/features/[^/]+/(index\\.tsx?|test-support\\.ts)$',
      },
    },
    {
      name: 'lower-layers-not-features',
      comment:
        'src/client/lib and src/client/components sit below the features and the app shell; they never ' +
        'import them.',
      severity: 'error',
      from: { path: '^src/client/(lib|components)/' },
      to: { path: '^src/client/(features|app)/' },
    },
    {
      name: 'no-cycles',
      comment:
        'No module imports itself through others (lazy imports included). A cycle closed only by type ' +
        'imports is left alone: types vanish at run time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
