import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/server-process.js';

/**
 * docs/architecture.md: a port file is named after its interface (`order-store.port.ts` holds `OrderStore`) and the
 * token is that name in capitals (`ORDER_STORE`), so a reader finds the port, its token and its adapter by one name.
 * dependency-cruiser sees imports, not declarations, so this test reads the files.
 */
const pascal = (kebab: string) => kebab.split('-').map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');

function portFiles(): string[] {
  const modules = path.join(ROOT, 'src/modules');
  return readdirSync(modules).flatMap((module) => {
    const ports = path.join(modules, module, 'application/ports');
    try {
      return readdirSync(ports).filter((file) => file.endsWith('.port.ts')).map((file) => path.join(ports, file));
    } catch {
      return [];
    }
  });
}

describe('port files', () => {
  it('are named after the interface they declare, whose token is its name in capitals', () => {
    const files = portFiles();
    expect(files.length).toBeGreaterThan(20);
    const disagreeing = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const expected = pascal(path.basename(file, '.port.ts'));
      // Case-insensitive: `oauth-identity-repository` names `OAuthIdentityRepository`.
      const declared = [...text.matchAll(/export interface (\w+)/g)].map((match) => match[1]!);
      const port = declared.find((name) => name.toLowerCase() === expected.toLowerCase());
      if (!port) return [`${path.relative(ROOT, file)} declares ${declared.join(', ')}, not ${expected}`];
      // The token's words are split by underscores wherever the name's capitals fall (`O_AUTH` or `OAUTH` alike).
      const tokens = [...text.matchAll(/export const (\w+) = Symbol/g)].map((match) => match[1]!.replace(/_/g, ''));
      return tokens.includes(port.toUpperCase()) ? [] : [`${path.relative(ROOT, file)} has no token for ${port}`];
    });
    expect(disagreeing).toEqual([]);
  });
});
