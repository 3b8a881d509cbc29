import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE, ROOT } from '../support/server-process.js';

/**
 * The dependency rule is only worth something if the checker catches breaches: a fixture tree with one
 * breach per rule (and one allowed type-only import) must produce exactly those violations.
 */
const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  'src/shared/kernel.ts': "import { x } from '../platform/thing.js';\nexport const k = x;\nexport type K = number;\n",
  'src/platform/thing.ts': "import { page } from '../../web/page.js';\nexport const x = 1 + page;\n",
  'src/platform/runs-module.ts': "import { a } from '../modules/a/index.js';\nexport const y = a;\n",
  'src/platform/names-module.ts': "import type { A } from '../modules/a/index.js';\nexport type Y = A;\n",
  'src/modules/a/index.ts': "export const a = 1;\nexport type A = number;\n",
  'src/modules/a/domain/entity.ts': "import { x } from '../../../platform/thing.js';\nexport const e = x;\n",
  'src/modules/a/application/service.ts': "import { r } from '../adapters/repo.js';\nimport { failed } from './service-errors.js';\nexport const s = r + failed;\n",
  'src/modules/a/application/service-errors.ts': 'export const failed = 1;\n',
  'src/modules/a/domain/a-errors.ts': 'export const fine = 1;\n',
  'src/modules/a/adapters/http/a.controller.ts':
    "import { fine } from '../../domain/a-errors.js';\nimport { q } from './a.request.js';\nimport { ok } from './a.requests.js';\nimport { bad } from '../../application/b.requests.js';\nexport const c = fine + q + ok + bad;\n",
  'src/modules/a/adapters/http/a.request.ts': 'export const q = 1;\n',
  'src/modules/a/adapters/http/a.requests.ts': 'export const ok = 1;\n',
  'src/modules/a/application/b.requests.ts': 'export const bad = 1;\n',
  'src/modules/a/adapters/repo.ts': "import { b } from '../../b/domain/b.js';\nexport const r = b;\n",
  'src/modules/b/index.ts': 'export const bi = 1;\n',
  'src/modules/b/domain/b.ts': 'export const b = 1;\n',
  'cli/main.ts': "import { e } from '../src/modules/a/domain/entity.js';\nconsole.log(e);\n",
  'web/page.ts': "import { k } from '../src/shared/kernel.js';\nexport const page = k;\n",
  'web/typed.ts': "import type { K } from '../src/shared/kernel.js';\nexport const t: K = 1;\n",
};

describe('the dependency rule (make lint)', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'depcruise-'));
    for (const [file, text] of Object.entries(FIXTURE)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports each breach under its rule, and allows type-only imports from web/', () => {
    const run = spawnSync(
      NODE,
      [path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', 'web', 'cli',
        '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd: dir, encoding: 'utf8' },
    );
    const violations = (JSON.parse(run.stdout) as { summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> } })
      .summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
      .sort();
    expect(violations).toEqual(
      [
        'domain-is-pure: src/modules/a/domain/entity.ts -> src/platform/thing.ts',
        'application-does-not-know-adapters: src/modules/a/application/service.ts -> src/modules/a/adapters/repo.ts',
        'modules-meet-only-through-index: src/modules/a/adapters/repo.ts -> src/modules/b/domain/b.ts',
        'outside-uses-module-index: cli/main.ts -> src/modules/a/domain/entity.ts',
        'platform-is-module-agnostic: src/platform/runs-module.ts -> src/modules/a/index.ts',
        'shared-kernel-stands-alone: src/shared/kernel.ts -> src/platform/thing.ts',
        'src-does-not-import-web-or-cli: src/platform/thing.ts -> web/page.ts',
        'web-takes-only-types-from-src: web/page.ts -> src/shared/kernel.ts',
        'no-circular: src/platform/thing.ts -> web/page.ts',
        'errors-live-in-domain: src/modules/a/application/service.ts -> src/modules/a/application/service-errors.ts',
        'requests-live-in-http-adapters: src/modules/a/adapters/http/a.controller.ts -> src/modules/a/adapters/http/a.request.ts',
        'requests-live-in-http-adapters: src/modules/a/adapters/http/a.controller.ts -> src/modules/a/application/b.requests.ts',
      ].sort(),
    );
  });
});
