/**
 * "Highlight links on this page", drawn where the page cannot see it: one
 * element of RobotLens's own holds a closed shadow root, and in it a mark
 * over each link (its colour says what the crawl found), a tooltip and the
 * legend. Nothing is written on the page's own elements — no attribute, no
 * class, no style — so a page script reading its links, their styles or
 * their mutations learns nothing of what RobotLens found (statuses of other
 * sites, or of ports on the user's network). The marks follow scrolling,
 * resizing and layout; the tooltip follows the mouse and the keyboard focus.
 * Everything is built with DOM calls and text nodes, styled inline (a
 * page's CSP may forbid style sheets).
 */
import type { PlainMessageKey } from '../lib/i18n/catalog.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import type { LinkMark, LinkMarkEntry } from '../lib/crawl/link-marks.ts';

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
const TOP = '2147483647';
/** The host: above everything, unaffected by the page's CSS (inline !important wins the cascade). */
const HOST_STYLE = `all:initial!important;display:block!important;position:fixed!important;inset:0!important;pointer-events:none!important;z-index:${TOP}!important`;
/**
 * Light or dark with the system (`light-dark()` follows `color-scheme`, and
 * makes the button match); each plain colour before it is the fallback of
 * a browser without `light-dark()`.
 */
const BOX_STYLE = [
  'font:13px system-ui,sans-serif',
  'color-scheme:light dark',
  'background:#fff',
  'background:light-dark(#fff,#202124)',
  'color:#202124',
  'color:light-dark(#202124,#e8eaed)',
  'border:1px solid #dadce0',
  'border-color:light-dark(#dadce0,#5f6368)',
  'border-radius:8px',
  'box-shadow:0 2px 8px rgba(0,0,0,.2)',
].join(';');
const LEGEND_STYLE = `${BOX_STYLE};position:fixed;right:12px;bottom:12px;padding:8px 10px;pointer-events:auto`;
const TOOLTIP_STYLE = `${BOX_STYLE};position:fixed;max-width:360px;padding:4px 8px;overflow-wrap:anywhere;display:none`;
/** Layout can move links without a scroll or resize (images loading, scripts): re-placed this often. */
const REPLACE_EVERY_MS = 1_000;

interface Marked {
  anchor: HTMLAnchorElement;
  entry: LinkMarkEntry;
  box: HTMLDivElement;
}

export class LinkOverlay {
  readonly #doc: Document;
  readonly #i18n: Translator;
  #host: HTMLElement | null = null;
  #marked: Marked[] = [];
  #byAnchor = new Map<Element, Marked>();
  #tooltip: HTMLDivElement | null = null;
  #frame = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #place = () => this.#schedulePlacing();
  readonly #point = (event: Event) => this.#showTooltipFor(event.target);
  readonly #leave = () => this.#hideTooltip();

  constructor(doc: Document, i18n: Translator) {
    this.#doc = doc;
    this.#i18n = i18n;
  }

  /** Marks the page's links (replacing earlier marks); returns how many were marked. */
  show(marks: LinkMarkEntry[]): number {
    this.remove();
    const doc = this.#doc;
    const byUrl = new Map(marks.map((entry) => [entry.url, entry]));
    const host = doc.createElement('div');
    host.style.cssText = HOST_STYLE;
    const root = host.attachShadow({ mode: 'closed' });
    const layer = doc.createElement('div');
    layer.style.cssText = 'position:fixed;inset:0;overflow:hidden;pointer-events:none';
    const counts: Partial<Record<LinkMark, number>> = {};
    for (const anchor of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const entry = byUrl.get(anchor.href);
      if (!entry) continue;
      const box = doc.createElement('div');
      box.dataset.mark = entry.mark;
      box.style.cssText = `position:fixed;box-sizing:border-box;border:2px solid ${COLORS[entry.mark]};border-radius:2px;display:none`;
      layer.append(box);
      const marked = { anchor, entry, box };
      this.#marked.push(marked);
      this.#byAnchor.set(anchor, marked);
      counts[entry.mark] = (counts[entry.mark] ?? 0) + 1;
    }
    const tooltip = doc.createElement('div');
    tooltip.setAttribute('role', 'status');
    tooltip.style.cssText = TOOLTIP_STYLE;
    root.append(layer, tooltip, this.#legend(counts));
    doc.documentElement.append(host);
    this.#host = host;
    this.#tooltip = tooltip;
    this.#listen();
    this.#placeMarks();
    return this.#marked.length;
  }

  /** Takes every mark, the tooltip and the legend off the page. */
  remove(): void {
    if (!this.#host) return;
    const win = this.#doc.defaultView;
    this.#doc.removeEventListener('scroll', this.#place, true);
    win?.removeEventListener('resize', this.#place);
    this.#doc.removeEventListener('mouseover', this.#point, true);
    this.#doc.removeEventListener('focusin', this.#point, true);
    this.#doc.removeEventListener('mouseout', this.#leave, true);
    this.#doc.removeEventListener('focusout', this.#leave, true);
    clearInterval(this.#timer);
    if (this.#frame) win?.cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#host.remove();
    this.#host = this.#tooltip = null;
    this.#marked = [];
    this.#byAnchor = new Map();
  }

  #listen(): void {
    const win = this.#doc.defaultView;
    // Capture: a scroll inside any scrolling box moves its links too.
    this.#doc.addEventListener('scroll', this.#place, { capture: true, passive: true });
    win?.addEventListener('resize', this.#place, { passive: true });
    this.#doc.addEventListener('mouseover', this.#point, true);
    this.#doc.addEventListener('focusin', this.#point, true);
    this.#doc.addEventListener('mouseout', this.#leave, true);
    this.#doc.addEventListener('focusout', this.#leave, true);
    this.#timer = setInterval(this.#place, REPLACE_EVERY_MS);
  }

  #schedulePlacing(): void {
    const win = this.#doc.defaultView;
    if (this.#frame || !win) return;
    this.#frame = win.requestAnimationFrame(() => {
      this.#frame = 0;
      this.#placeMarks();
    });
  }

  /** Each mark over its link's box, in viewport coordinates; links not laid out get none. */
  #placeMarks(): void {
    for (const { anchor, box } of this.#marked) {
      const rect = anchor.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) {
        box.style.display = 'none';
        continue;
      }
      box.style.display = 'block';
      box.style.left = `${rect.left - 3}px`;
      box.style.top = `${rect.top - 3}px`;
      box.style.width = `${rect.width + 6}px`;
      box.style.height = `${rect.height + 6}px`;
    }
  }

  #showTooltipFor(target: EventTarget | null): void {
    const tooltip = this.#tooltip;
    if (!tooltip || !(target instanceof Element)) return;
    const anchor = target.closest('a[href]');
    const marked = anchor ? this.#byAnchor.get(anchor) : undefined;
    if (!marked) return;
    const rect = marked.anchor.getBoundingClientRect();
    tooltip.textContent = marked.entry.detail;
    tooltip.style.left = `${Math.max(0, rect.left)}px`;
    tooltip.style.top = `${rect.bottom + 6}px`;
    tooltip.style.display = 'block';
  }

  #hideTooltip(): void {
    if (this.#tooltip) this.#tooltip.style.display = 'none';
  }

  #legend(counts: Partial<Record<LinkMark, number>>): HTMLElement {
    const doc = this.#doc;
    const { t } = this.#i18n;
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
    close.addEventListener('click', () => this.remove());
    box.append(close);
    // Escape closes the legend when the keyboard is in it; the page's own keys are left alone.
    box.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      this.remove();
    });
    return box;
  }
}
