// Initial JS and CSS per page, from the Vite manifest of the build. Vike deletes
// dist/web/client/.vite/manifest.json after building and inlines it into dist/web/server/entry.mjs
// (`const assetsManifest = {…}`), so it is read from there. A page's initial load is the client router's
// entry plus the page's entry and everything they import statically (dynamic imports come later).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function readManifest(webDir) {
  const source = readFileSync(path.join(webDir, 'server/entry.mjs'), 'utf8');
  const start = source.indexOf('const assetsManifest = ');
  if (start < 0) throw new Error('No assetsManifest in dist/web/server/entry.mjs: has the Vike build changed?');
  const from = start + 'const assetsManifest = '.length;
  return JSON.parse(source.slice(from, source.indexOf('\n};', from) + 2));
}

const sizes = (buffer) => ({
  raw: buffer.length,
  // gzip at zlib's default level (what servers compress with on the fly), brotli at its best (precompressed).
  gzip: gzipSync(buffer).length,
  brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

function total(files, clientDir) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizes(readFileSync(path.join(clientDir, file)));
    for (const key of Object.keys(sum)) sum[key] += size[key];
  }
  return { ...sum, files: files.length };
}

/** One row per page: its pageId and the totals of its initial JS and CSS. */
export function clientReport(webDir) {
  const manifest = readManifest(webDir);
  const clientDir = path.join(webDir, 'client');
  const router = Object.keys(manifest).find((key) => /runtime-client-routing\/entry\.js$/.test(key))
    ?? Object.keys(manifest).find((key) => /runtime-server-routing\/entry\.js$/.test(key));
  // The global `+client.ts` hook is an entry of its own that every page imports.
  const clientHooks = Object.keys(manifest).filter((key) => manifest[key].isEntry && /(^|\/)\+client\.[jt]sx?$/.test(key));
  const pages = Object.keys(manifest).filter((key) => key.startsWith('virtual:vike:page-entry:client:'));
  return pages.map((key) => {
    const seen = new Set();
    const js = new Set();
    const css = new Set();
    const visit = (name) => {
      if (seen.has(name) || !manifest[name]) return;
      seen.add(name);
      const chunk = manifest[name];
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const entry of [router, ...clientHooks, key]) if (entry) visit(entry);
    return { pageId: key.slice('virtual:vike:page-entry:client:'.length), js: total([...js], clientDir), css: total([...css], clientDir) };
  });
}

/**
 * The static file the "from memory" baseline serves: the client router's script, as every page loads it. The entry
 * joins the framework chunk (ADR 0064), but a change to Vike's entry can leave it a one-line import of that chunk (a
 * top-level await did, ADR 0097), so the largest of the entry and what it imports is taken.
 */
export function routerEntryFile(webDir) {
  const manifest = readManifest(webDir);
  const key = Object.keys(manifest).find((name) => /runtime-(client|server)-routing\/entry\.js$/.test(name));
  const files = [manifest[key].file, ...(manifest[key].imports ?? []).map((name) => manifest[name].file)];
  const size = (file) => statSync(path.join(webDir, 'client', file)).size;
  return files.reduce((largest, file) => (size(file) > size(largest) ? file : largest));
}

/** The same totals for the files a rendered page actually references (a check on the manifest walk). */
export function servedAssets(html, clientDir) {
  const referenced = [...html.matchAll(/(?:href="|import\(")\/(assets\/[^"]+\.(js|css))"/g)].map((match) => match[1]);
  const unique = [...new Set(referenced)];
  return { js: total(unique.filter((file) => file.endsWith('.js')), clientDir), css: total(unique.filter((file) => file.endsWith('.css')), clientDir) };
}
