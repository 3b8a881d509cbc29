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
  'src/modules/a/application/orm.ts': "import { EntityManager } from '@mikro-orm/core';\nexport const o = EntityManager;\n",
  'src/platform/tool/index.ts': "export { tool } from './tool.js';\n",
  'src/platform/tool/tool.ts': 'export const tool = 1;\n',
  'src/modules/a/adapters/uses-platform.ts':
    "import { tool } from '../../../platform/tool/tool.js';\nimport { tool as same } from '../../../platform/tool/index.js';\nexport const u = tool + same;\n",
  'src/shared/clock.ts': 'export const now = 0;\n',
  'src/shared/contracts/limits.ts': "import { now } from '../clock.js';\nexport const LIMITS = { name: 120 + now } as const;\n",
  'web/form.ts': "import { LIMITS } from '../src/shared/contracts/limits.js';\nexport const max = LIMITS.name;\n",
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

  it('reports each breach under its rule, and allows type-only imports from web/ and value imports of src/shared/contracts', () => {
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
        'application-does-not-use-the-orm: src/modules/a/application/orm.ts -> @mikro-orm/core',
        'platform-through-its-index: src/modules/a/adapters/uses-platform.ts -> src/platform/tool/tool.ts',
        'contracts-are-plain-values: src/shared/contracts/limits.ts -> src/shared/clock.ts',
      ].sort(),
    );
  });

  // dependency-cruiser sees imports, not declarations: "errors are classes in domain/" is eslint's part of `make lint`.
  it('refuses a DomainError subclass declared outside a domain/ folder, and allows it in domain/ and the shared kernel', () => {
    const errors: Record<string, string> = {
      'src/modules/a/application/refused.ts': "import { DomainError } from '../../../shared/domain-error.js';\nexport class RefusedError extends DomainError {}\n",
      'src/modules/a/adapters/http/nested.ts': "import { NotFoundError } from '../../../../shared/domain-error.js';\nexport const Gone = class extends NotFoundError {};\n",
      'src/modules/a/domain/a-errors.ts': "import { DomainError } from '../../../shared/domain-error.js';\nexport class FineError extends DomainError {}\n",
      'src/shared/domain-error.ts': 'export class DomainError extends Error {}\nexport class NotFoundError extends DomainError {}\n',
      'src/platform/technical.ts': 'export class TechnicalFailure extends Error {}\n',
    };
    const eslintDir = mkdtempSync(path.join(os.tmpdir(), 'eslint-errors-'));
    try {
      for (const [file, text] of Object.entries(errors)) {
        mkdirSync(path.dirname(path.join(eslintDir, file)), { recursive: true });
        writeFileSync(path.join(eslintDir, file), text);
      }
      const run = spawnSync(
        NODE,
        [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--config', path.join(ROOT, 'eslint.config.js'), '--format', 'json', 'src'],
        { cwd: eslintDir, encoding: 'utf8' },
      );
      const reports = JSON.parse(run.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string | null }> }>;
      const refused = reports
        .flatMap((report) => report.messages.map((message) => `${message.ruleId}: ${path.relative(eslintDir, report.filePath)}`))
        .sort();
      expect(refused).toEqual([
        'no-restricted-syntax: src/modules/a/adapters/http/nested.ts',
        'no-restricted-syntax: src/modules/a/application/refused.ts',
      ]);
    } finally {
      rmSync(eslintDir, { recursive: true, force: true });
    }
  });
});
