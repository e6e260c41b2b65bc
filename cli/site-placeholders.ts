/**
 * `{{name}}` placeholders in fixture bodies and headers, so a fixture can link
 * to its own server (`{{origin}}`) or a second one on a port chosen at run time.
 */

const PLACEHOLDER = /\{\{([A-Za-z][\w-]*)\}\}/g;

/** `text` with every known `{{name}}` replaced; unknown ones stay as written. */
export function fillPlaceholders(text: string, vars: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => vars[name] ?? whole);
}

/**
 * Substitute in text bodies only (text/*, XML, JSON, by `contentType`), byte-wise:
 * `{{` is ASCII in every charset we serve.
 */
export function fillPlaceholderBytes(
  bytes: Buffer,
  vars: Record<string, string>,
  contentType: string,
): Buffer {
  if (!/^text\/|xml|json/i.test(contentType) || !bytes.includes('{{')) return bytes;
  // latin1 maps each byte to one char and back, so non-UTF-8 pages survive intact.
  return Buffer.from(fillPlaceholders(bytes.toString('latin1'), latin1Vars(vars)), 'latin1');
}

function latin1Vars(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('latin1')]),
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
