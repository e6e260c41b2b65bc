/**
 * The axe scan the browser tests share: serious and critical violations of a
 * page (or of a part of it), in light and in dark.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './extension.ts';

const SCHEMES = ['light', 'dark'] as const;

/** Serious and critical violations on the page (or inside `include`), one line per element. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations, passes } = await builder.analyze();
  // A scan that checked nothing would pass anything: make sure it looked.
  expect(passes.length).toBeGreaterThan(10);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.failureSummary}`,
      ),
    );
}

/** Scans the page in each colour scheme, after `ready` has waited for it to settle. */
export async function expectAccessible(
  page: Page,
  ready: () => Promise<void>,
  include?: string,
): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await ready();
    expect(await seriousViolations(page, include), `${colorScheme} scheme`).toEqual([]);
  }
}
