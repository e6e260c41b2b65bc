/**
 * Reading RobotLens's link overlay from a test. It lives in a closed shadow
 * root, which no page script — and no Playwright locator — can enter; the
 * DevTools protocol can (`DOM.getDocument` with `pierce`), so the tests read
 * the marks, the tooltip and the legend through it, and press the legend's
 * button with the real mouse or keyboard.
 */
import type { CDPSession, Page } from '@playwright/test';

interface DomNode {
  nodeName: string;
  backendNodeId: number;
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
}

export interface OverlayView {
  /** Each mark's kind and box (viewport coordinates). */
  marks: { mark: string; left: number; top: number; width: number; height: number }[];
  /** The legend's text, or null when it is closed. */
  legend: string | null;
  /** The tooltip's text when shown, else null. */
  tooltip: string | null;
  /** The legend's button, in viewport coordinates. */
  closeButton: { x: number; y: number } | null;
}

function closedRoots(node: DomNode, found: DomNode[] = []): DomNode[] {
  for (const root of node.shadowRoots ?? []) {
    if (root.shadowRootType === 'closed') found.push(root);
    closedRoots(root, found);
  }
  for (const child of node.children ?? []) closedRoots(child, found);
  return found;
}

/** Runs `fn` with the overlay's closed shadow root as `this`; null when there is no overlay. */
async function inOverlay<T>(page: Page, fn: string): Promise<T | null> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const [overlay] = closedRoots(root);
    if (!overlay) return null;
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: overlay.backendNodeId });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!,
      functionDeclaration: fn,
      returnByValue: true,
    });
    return result.value as T;
  } finally {
    await cdp.detach();
  }
}

export function readOverlay(page: Page): Promise<OverlayView | null> {
  return inOverlay<OverlayView>(
    page,
    `function () {
      const shown = (el) => el && el.style.display !== 'none';
      const marks = [...this.querySelectorAll('[data-mark]')]
        .filter((el) => !el.closest('[role=region]') && shown(el))
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { mark: el.dataset.mark, left: r.left, top: r.top, width: r.width, height: r.height };
        });
      const legend = this.querySelector('[role=region]');
      const tooltip = this.querySelector('[role=status]');
      const button = legend && legend.querySelector('button');
      const b = button && button.getBoundingClientRect();
      return {
        marks,
        legend: legend ? legend.textContent : null,
        tooltip: shown(tooltip) ? tooltip.textContent : null,
        closeButton: b ? { x: b.left + b.width / 2, y: b.top + b.height / 2 } : null,
      };
    }`,
  );
}

/** Moves the keyboard focus to the legend's button. */
export async function focusLegendButton(page: Page): Promise<void> {
  await inOverlay(page, `function () { this.querySelector('[role=region] button').focus(); }`);
}

/** The mark drawn over the link named `name` (its box surrounds the link's), or null. */
export async function markOfLink(page: Page, name: string): Promise<string | null> {
  const link = await page.getByRole('link', { name, exact: true }).boundingBox();
  const view = await readOverlay(page);
  if (!link || !view) return null;
  const over = view.marks.find(
    (m) =>
      Math.abs(m.left - (link.x - 3)) < 1.5 &&
      Math.abs(m.top - (link.y - 3)) < 1.5 &&
      Math.abs(m.width - (link.width + 6)) < 1.5,
  );
  return over?.mark ?? null;
}
