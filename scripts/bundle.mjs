// Bundles the compiled command line (dist/cli and the dist/src it imports: SWC's output, decorators and their metadata
// already emitted) into dist/bundle/cli.js, with chunks for what a command loads on demand. Node then loads a few
// dozen files instead of ~2,900 (Nest, the ORM, rxjs, kysely...): a `shop` command starts with about half the CPU,
// which the CLI test suites pay on every run. The web server is not bundled: it starts once, and under load the
// bundled build served 8-37% fewer requests a second (docs/adr/0031-bundled-command-line.md).
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
  // No command reaches the page renderer today (pino and these are not in the bundle); should one ever, it must share
  // one copy of each with the Vike server build in dist/web, which imports them from node_modules.
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
  entryPoints: { cli: 'dist/cli/main.js' },
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
