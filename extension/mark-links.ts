/**
 * Marks the page's links by their status (outline colour + tooltip), with a
 * small legend, like a link checker's overlay. Everything is built with DOM
 * calls and text nodes (no markup from page data); the legend lives in a
 * shadow root so the page's CSS cannot hide or restyle it.
 */
import type { PlainMessageKey } from '../lib/i18n/catalog.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import type { LinkMark, LinkMarkEntry } from '../lib/protocol/messages.ts';

const COLORS: Record<LinkMark, string> = {
  ok: '#188038',
  broken: '#d93025',
  redirected: '#e37400',
  blocked: '#8430ce',
  skipped: '#5f6368',
  unknown: '#9aa0a6',
};
const LABELS: Record<LinkMark, PlainMessageKey> = {
  ok: 'legend_ok',
  broken: 'legend_broken',
  redirected: 'legend_redirected',
  blocked: 'legend_blocked',
  skipped: 'legend_skipped',
  unknown: 'legend_unknown',
};
const LEGEND_ID = 'robotlens-link-legend';
/**
 * Light or dark with the system (`light-dark()` follows `color-scheme`, and
 * makes the button match); each plain colour before it is the fallback of
 * a browser without `light-dark()`. Inline styles, because a page's CSP may
 * forbid style sheets.
 */
const LEGEND_STYLE = [
  'font:13px system-ui,sans-serif',
  'color-scheme:light dark',
  'background:#fff',
  'background:light-dark(#fff,#202124)',
  'color:#202124',
  'color:light-dark(#202124,#e8eaed)',
  'border:1px solid #dadce0',
  'border-color:light-dark(#dadce0,#5f6368)',
  'border-radius:8px',
  'padding:8px 10px',
  'box-shadow:0 2px 8px rgba(0,0,0,.2)',
].join(';');

export function markLinks(doc: Document, marks: LinkMarkEntry[], i18n: Translator): number {
  const byUrl = new Map(marks.map((entry) => [entry.url, entry]));
  const counts: Partial<Record<LinkMark, number>> = {};
  let marked = 0;
  for (const anchor of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const entry = byUrl.get(anchor.href);
    if (!entry) continue;
    anchor.style.outline = `2px solid ${COLORS[entry.mark]}`;
    anchor.style.outlineOffset = '1px';
    anchor.dataset.robotlens = entry.mark;
    anchor.title = entry.detail;
    counts[entry.mark] = (counts[entry.mark] ?? 0) + 1;
    marked++;
  }
  showLegend(doc, counts, i18n);
  return marked;
}

function showLegend(
  doc: Document,
  counts: Partial<Record<LinkMark, number>>,
  { t }: Translator,
): void {
  doc.getElementById(LEGEND_ID)?.remove();
  const host = doc.createElement('div');
  host.id = LEGEND_ID;
  host.style.cssText = 'position:fixed;right:12px;bottom:12px;z-index:2147483647';
  const root = host.attachShadow({ mode: 'open' });
  const box = doc.createElement('div');
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', t('legend_label'));
  box.style.cssText = LEGEND_STYLE;
  const title = doc.createElement('strong');
  title.textContent = t('legend_title');
  box.append(title);
  for (const mark of Object.keys(COLORS) as LinkMark[]) {
    if (!counts[mark]) continue;
    const row = doc.createElement('div');
    row.dataset.mark = mark;
    const swatch = doc.createElement('span');
    swatch.style.cssText = `display:inline-block;width:10px;height:10px;margin-right:6px;background:${COLORS[mark]}`;
    row.append(
      swatch,
      doc.createTextNode(t('legend_row', { label: t(LABELS[mark]), count: counts[mark] ?? 0 })),
    );
    box.append(row);
  }
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = t('legend_close');
  close.addEventListener('click', () => host.remove());
  box.append(close);
  // Escape closes the legend when the keyboard is in it; the page's own keys are left alone.
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    host.remove();
  });
  root.append(box);
  doc.body.append(host);
}
