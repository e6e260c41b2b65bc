/**
 * Keyboard helpers for the browser tests: what Tab should reach on a page,
 * what it does reach, and whether each stop shows its focus.
 */
import type { Page } from '@playwright/test';

export interface TabStop {
  /** e.g. `button "Check again"`, `tab "Page"`, `select #robot-select`. */
  name: string;
  /** The focus ring as drawn: false when there is nothing to see. */
  ringVisible: boolean;
}

/**
 * Every control a keyboard user should reach on the page, in document order
 * (the pages use no positive tabindex): enabled, rendered, not tabindex=-1.
 * Each is marked `data-tab-stop=<n>` so the walk can tell them apart.
 */
export function expectedTabStops(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Form controls, panels and scrollers by id (or label, or class); the rest by their text.
    const describe = (el: HTMLElement) => {
      const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
      const byId = el.matches('input, select, textarea, ol, [role=tabpanel]');
      const label =
        el.getAttribute('aria-label') ??
        (byId
          ? el.id
            ? `#${el.id}`
            : ((el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? `.${el.className}`)
          : (el.textContent ?? '').trim());
      return `${role} "${label.slice(0, 60)}"`;
    };
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]',
    );
    const stops = [...candidates].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !el.matches(':disabled') &&
        el.getClientRects().length > 0 &&
        getComputedStyle(el).visibility !== 'hidden',
    );
    return stops.map((el, index) => {
      el.dataset.tabStop = String(index);
      el.dataset.tabName = describe(el);
      return el.dataset.tabName;
    });
  });
}

/** Presses Tab `count` times from the top of the freshly loaded page; what each press focused. */
export async function walkTabs(page: Page, count: number): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { name: '(nothing)', ringVisible: false };
        const style = getComputedStyle(el);
        const ringVisible =
          style.outlineStyle !== 'none' &&
          parseFloat(style.outlineWidth) >= 2 &&
          style.outlineColor !== 'rgba(0, 0, 0, 0)';
        return {
          name: el.dataset.tabName ?? `unexpected ${el.tagName.toLowerCase()}.${el.className}`,
          ringVisible,
        };
      }),
    );
  }
  return stops;
}

/** Reloads the page, then checks that Tab visits every control in order, each with a visible ring. */
export async function tabOrder(page: Page, ready: () => Promise<void>) {
  await page.reload();
  await ready();
  const expected = await expectedTabStops(page);
  const walked = await walkTabs(page, expected.length);
  return {
    expected,
    reached: walked.map((stop) => stop.name),
    withoutRing: walked.filter((stop) => !stop.ringVisible).map((stop) => stop.name),
  };
}
