/**
 * Keeps the keyboard's place when the control it was on goes away. A button
 * that is removed or disabled under the focus (Stop once the crawl ends,
 * Check again while the page is checked again) drops the focus to the page
 * itself, and a keyboard user would have to start over from the top. When
 * `key` changes (the state that swaps the controls), and the focus was last
 * inside `container` and is now lost, it goes to what `target` picks there.
 * It never takes the focus from anywhere else, nor on the first render.
 */
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

export function useFocusRescue(
  container: RefObject<HTMLElement>,
  key: unknown,
  target: (container: HTMLElement) => HTMLElement | null | undefined,
): void {
  const wasInside = useRef(false);
  const previousKey = useRef(key);

  // Removing the focused element fires no focus event, so the last focusin tells where it was.
  useEffect(() => {
    const track = (event: FocusEvent) => {
      wasInside.current = container.current?.contains(event.target as Node) ?? false;
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, [container]);

  useLayoutEffect(() => {
    if (Object.is(previousKey.current, key)) return;
    previousKey.current = key;
    const root = container.current;
    if (!root || !wasInside.current || !focusLost(document)) return;
    target(root)?.focus();
  });
}

/** The focus is nowhere useful: on the page itself, or on a control that is gone or disabled. */
function focusLost(doc: Document): boolean {
  const active = doc.activeElement;
  if (!active || active === doc.body) return true;
  return !active.isConnected || (active as HTMLButtonElement).disabled === true;
}

/** The first enabled control in `root` matching one of `selectors`, tried in that order. */
export function firstEnabled(root: HTMLElement, selectors: string[]): HTMLElement | null {
  for (const selector of selectors) {
    const found = root.querySelector<HTMLElement>(`${selector}:not(:disabled)`);
    if (found) return found;
  }
  return null;
}
