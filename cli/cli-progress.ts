/**
 * cli-progress, loaded when a command first draws a bar (so `--help` and short commands never load it). It is a
 * CommonJS package, so its exports are read from `default` (module.exports): Node also offers them as named exports
 * of a dynamic import, but the esbuild bundle that `bin/shop` runs does not (ADR 0031).
 */
export async function loadCliProgress(): Promise<typeof import('cli-progress')> {
  return (await import('cli-progress')).default;
}
