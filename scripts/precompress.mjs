// Brotli and gzip copies of the built client assets (dist/web/client), beside each file, for the static file server to
// send to browsers that accept them (@fastify/static's preCompressed, src/platform/http/http-hardening.ts). Done once
// at build time at the highest levels, instead of on every request: the storefront's JavaScript is ~1.5 MB as built
// and a quarter of that compressed, which under a phone's network is most of a page's load (ADR 0058).
// Quiet, as the rest of the build (ADR 0038); --verbose prints the sizes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_DIR = path.join(ROOT, 'dist/web/client');
/** Text formats only (images and fonts are compressed already); below 1 kB a copy saves less than its headers cost. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

const files = filesUnder(CLIENT_DIR).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES);
let before = 0;
let afterBrotli = 0;
await Promise.all(files.map(async (file) => {
  const content = readFileSync(file);
  const [br, gz] = await Promise.all([
    toBrotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    toGzip(content, { level: 9 }),
  ]);
  // A copy no smaller than the file is left out: the server then sends the file itself.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  before += content.length;
  afterBrotli += Math.min(br.length, content.length);
}));
if (process.argv.includes('--verbose')) console.log(`Precompressed ${files.length} client assets: ${(before / 1024).toFixed(0)} kB, ${(afterBrotli / 1024).toFixed(0)} kB as brotli.`);
