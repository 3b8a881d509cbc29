// Bundles the compiled server and command line (dist/src, dist/cli: SWC's output, decorators and their metadata
// already emitted) into dist/bundle/server.js and dist/bundle/cli.js, with shared chunks. Node then loads a few
// dozen files instead of ~2,900 (Nest, the ORM, rxjs, kysely...): `shop` commands and the server start with about
// half the CPU, which the test suites pay ~150 times a run (docs/adr/0031-bundled-server-and-cli.md).
import { build } from 'esbuild';

// Left to node_modules, each for a reason:
const external = [
  // native addons and packages that read files beside themselves (WASM, fonts, workers) at run time
  'argon2',
  'sharp',
  '@electric-sql/pglite',
  'pdfkit',
  'pino',
  'thread-stream',
  // loaded on first use only (the S3 client); bundling would load them at start
  '@aws-sdk/*',
  // shared with the Vike server build in dist/web, which imports them from node_modules: one copy, one state
  'vike',
  'vite',
  'react',
  'react-dom',
  // @nestjs/mapped-types and Nest's ValidationPipe require() these by name at run time: a bundled copy beside the
  // node_modules one would keep its own metadata store, and DTOs built by PartialType would go unvalidated
  'class-validator',
  'class-transformer',
  // optional peers Nest looks for and we do not use
  '@nestjs/microservices',
  '@nestjs/websockets',
  '@nestjs/platform-express',
  '@fastify/view',
];

await build({
  entryPoints: { server: 'dist/src/main.js', cli: 'dist/cli/main.js' },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external,
  // Names stay as written: Nest's error messages, MikroORM's entity names and our logs use class names.
  keepNames: true,
  logLevel: 'warning',
  // CommonJS packages inside an ES module bundle still call require() for node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
