// Jest runs the TypeScript sources as native ES modules (node --experimental-vm-modules), compiled by
// SWC with the same decorator settings as the build, so tests exercise the code exactly as it ships.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  // Sources import siblings as `./x.js` (NodeNext); point those at the .ts files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/var/'],
};

export default {
  // Jest reads the timeout only at the top level, not per project. Suites that start servers or browsers need it.
  testTimeout: 90_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{src,cli,web}/**/*.spec.{ts,tsx}', '<rootDir>/test/integration/**/*.int-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
