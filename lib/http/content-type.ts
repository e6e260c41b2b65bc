/** Content-Type questions asked in more than one place. */

/** Servers that send no Content-Type usually send HTML; browsers sniff it as such. */
export function isHtml(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType);
}
