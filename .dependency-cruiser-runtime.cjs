// Cycles between features, counted on the code that ships (docs/decisions/0175-enforced-boundaries.md).
// Tests are left out: a test is a leaf that may set up data through several features, and counting its
// folder would make every feature whose tests use another's helpers look circular.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      comment: 'No feature depends on itself through other features.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/(client|server)/features/' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: {
      path: [
        ...base.options.exclude.path,
        '\\.test\\.tsx?$',
        '/test-support\\.ts$',
        '/test-utils\\.tsx?$',
        '^src/(client|server)/test/',
      ],
    },
  },
};
