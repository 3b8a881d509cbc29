/**
 * The dependency rule of docs/architecture.md, checked by `make lint`.
 * Modules: src/modules/<name>/{domain,application,adapters}, public face index.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Cycles make modules impossible to reason about or split.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ imports only its own module\'s domain, src/shared and MikroORM\'s entity helpers.',
      from: { path: '^src/modules/([^/]+)/domain/' },
      to: {
        pathNot: ['^src/modules/$1/domain/', '^src/shared/', '(^|/)node_modules/@mikro-orm/core/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'application-does-not-know-adapters',
      severity: 'error',
      comment: 'Application services talk to ports, never to the adapters that implement them.',
      from: { path: '^src/modules/([^/]+)/application/' },
      to: { path: '^src/modules/$1/adapters/' },
    },
    {
      name: 'modules-meet-only-through-index',
      severity: 'error',
      comment: 'A module reaches another module only through its public index.ts.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-uses-module-index',
      severity: 'error',
      comment: 'Everything outside a module (platform, web, cli, composition root) uses only its index.ts.',
      from: { pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/.+', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'application-does-not-use-the-orm',
      severity: 'error',
      comment:
        'Application services talk to ports; the ORM (EntityManager, queries, transactions) belongs to adapters/. ' +
        'Entities are still defined with MikroORM\'s helpers in domain/ (domain-is-pure allows @mikro-orm/core there).',
      from: { path: '^src/modules/[^/]+/application/' },
      to: { path: '(^|/)@mikro-orm/' },
    },
    {
      name: 'platform-through-its-index',
      severity: 'error',
      comment:
        'A module uses a platform folder (http, mail, queue, storage, …) only through its index.ts, like another module: ' +
        'what the folder offers modules is one list, and its insides can move.',
      from: {
        path: '^src/modules/',
      },
      to: { path: '^src/platform/[^/]+/', pathNot: '^src/platform/[^/]+/index\\.ts$' },
    },
    {
      name: 'errors-live-in-domain',
      severity: 'error',
      comment: 'A module\'s expected failures (*-errors.ts) are part of its domain: they live in domain/, nowhere else.',
      from: {},
      to: { path: '^src/.*-errors\\.ts$', pathNot: '^src/modules/[^/]+/domain/' },
    },
    {
      name: 'requests-live-in-http-adapters',
      severity: 'error',
      comment: 'Request DTOs (*.requests.ts, one file per resource) belong to a module\'s adapters/http/.',
      from: {},
      to: { path: '\\.requests?\\.ts$', pathNot: '^src/modules/[^/]+/adapters/http/.+\\.requests\\.ts$' },
    },
    {
      name: 'platform-is-module-agnostic',
      severity: 'error',
      comment: 'Platform code may name module types (for the SSR services bag) but never runs module code.',
      from: { path: '^src/platform/' },
      to: { path: '^src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-kernel-stands-alone',
      severity: 'error',
      comment: 'src/shared is the tiny kernel: it imports nothing else of ours and no framework.',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'src-does-not-import-web-or-cli',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(web|cli)/' },
    },
    {
      name: 'web-takes-only-types-from-src',
      severity: 'error',
      comment:
        'Pages reach services in-process through pageContext; importing src code would bundle the server. ' +
        'The one exception is src/shared/contracts/: plain limits and vocabularies the portal\'s forms share with the API.',
      from: { path: '^web/' },
      to: { path: '^src/', pathNot: '^src/shared/contracts/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contracts-are-plain-values',
      severity: 'error',
      comment:
        'src/shared/contracts/ is bundled into the browser: it holds constants and types only, so it imports nothing ' +
        '(no framework, no ORM, no other code of ours) but its sibling contracts.',
      from: { path: '^src/shared/contracts/' },
      to: { pathNot: '^src/shared/contracts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|var)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
