/**
 * The tab the popup is about: the active tab of its window, or the one named
 * by `?tabId=` when the popup page is opened as a full tab (from the report
 * pages, and by the browser tests).
 */
import { browser } from 'wxt/browser';

export async function resolveTargetTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}
