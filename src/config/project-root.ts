import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found from this file so it is the same whether the code runs from
 * `src/` (tests) or `dist/src/` (build), and whatever the working directory.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above this file).');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();

/** The Vike build: `client/` is public, `server/` is imported by the SSR renderer. */
export const WEB_BUILD_DIR = path.join(PROJECT_ROOT, 'dist', 'web');
