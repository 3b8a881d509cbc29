import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every project command (make, npm run, bin/shop) runs on node_modules/.bin/node, the `node` package pinned in
 * package.json (ADR 0001). It must be a Long Term Support release: oidc-provider refuses to vouch for anything else
 * ("Unsupported runtime"), and 24.x before its LTS line was a "Current" release with a shorter life (issue 29, item 7).
 */
describe('the Node the project brings', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const pinned = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.node;
  // Asked of the binary itself, not of the Node running jest, which may have come from elsewhere on PATH.
  const release = JSON.parse(
    execFileSync(path.join(root, 'node_modules/.bin/node'), ['-p', 'JSON.stringify({ version: process.version, lts: process.release.lts ?? null })'], { encoding: 'utf8' }),
  ) as { version: string; lts: string | null };

  it('is pinned to an exact 24.x version, and that is the one installed', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(release.version).toBe(`v${pinned}`);
  });

  it('is a Long Term Support release (24 LTS is "Krypton")', () => {
    expect(release.lts).toBe('Krypton');
  });
});
