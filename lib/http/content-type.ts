/** Content-Type questions asked in more than one place. */

/** A stylesheet (its `url(…)` and `@import` links are read when it is the site's own). */
export function isCss(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*text\/css\b/i.test(contentType);
}

/** Servers that send no Content-Type usually send HTML; browsers sniff it as such. */
export function isHtml(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType);
}
