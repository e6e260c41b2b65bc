/**
 * `<meta http-equiv="refresh" content="5; url=/next">`, read the way the
 * HTML standard's "shared declarative refresh steps" do, leniently: a delay
 * in seconds, then an optional URL (after `;` or `,`, which may be left out), with or without `url=`
 * and quotes.
 */

export interface Refresh {
  delaySeconds: number;
  /** The target as written; null when the page only reloads itself. */
  url: string | null;
}

/** Parses a refresh `content`; null when it has no leading delay (browsers ignore it then). */
export function parseRefresh(content: string): Refresh | null {
  const m = /^[\t\n\f\r ]*(\d+)[\d.]*[\t\n\f\r ]*[;,]?[\t\n\f\r ]*([\s\S]*)$/.exec(content);
  if (!m) return null;
  const url = stripQuotes((m[2] ?? '').replace(/^url[\t\n\f\r ]*=[\t\n\f\r ]*/i, ''));
  return { delaySeconds: Number(m[1]), url: url === '' ? null : url };
}

function stripQuotes(text: string): string {
  const quote = text[0];
  if (quote !== '"' && quote !== "'") return text.trim();
  const end = text.indexOf(quote, 1);
  return (end < 0 ? text.slice(1) : text.slice(1, end)).trim();
}
