import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './server-process.js';

/**
 * Accessibility as a test (issue 29 item 5; ADR 0037): axe-core's WCAG 2.2 A/AA rules on the page as the journey sees
 * it. Councils and the NHS buy here, so a serious or critical violation fails the journey like a broken button would.
 */
const AXE_SOURCE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** The serious and critical WCAG 2.2 AA violations on the page now, one line each (rule, impact, help, targets). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // The pages' Content-Security-Policy allows only scripts with the response's nonce, so page.addScriptTag (an inline
  // <script>) is refused. page.evaluate runs through the DevTools protocol, which CSP does not govern: the library is
  // evaluated that way, once per document, and the page under test keeps its real policy.
  await page.evaluate(`window.axe || (0, eval)(${JSON.stringify(AXE_SOURCE)})`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // iframes: false — the frames are a video provider's player and an e-mail's HTML (the development mailbox), not
    // pages of ours; axe would wait for a copy of itself in each of them. The <iframe> elements themselves are checked.
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  }, WCAG_22_AA);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => `${id} (${impact}): ${help} — ${nodes.map(({ target }) => target.join(' ')).join(', ')}`);
}

const checked = new Set<string>();

/**
 * Fails, naming every offending rule and element, unless the page has no serious or critical violation. Once per
 * `label` in a test file (a page the journeys visit again, or at another width, is not checked again): a check costs
 * a few hundred milliseconds of the journey's time.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  if (checked.has(label)) return;
  checked.add(label);
  const found = await seriousA11yViolations(page);
  expect({ page: label, violations: found }).toEqual({ page: label, violations: [] });
}
