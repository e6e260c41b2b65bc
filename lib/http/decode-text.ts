/**
 * Bytes to text by the document's charset, the way browsers pick it: a BOM
 * first, then the Content-Type `charset=`, then a `<meta charset>` or
 * `<meta http-equiv=Content-Type>` in the first 1,024 bytes, else UTF-8.
 * (`Response.text()` ignores charset= and garbles EUC-KR pages.) Invalid
 * bytes become U+FFFD; decoding never throws.
 */

const META_SNIFF_BYTES = 1024;

export function decodeText(bytes: Uint8Array, contentType?: string, sniffHtml = true): string {
  const bom = charsetFromBom(bytes);
  const label =
    bom ?? charsetFromContentType(contentType) ?? (sniffHtml ? charsetFromMeta(bytes) : undefined);
  return decoderFor(label).decode(bytes);
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    // TextDecoder skips a BOM matching its encoding by default.
    return new TextDecoder(label ?? 'utf-8', { fatal: false });
  } catch {
    return new TextDecoder('utf-8', { fatal: false });
  }
}

function charsetFromBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

function charsetFromMeta(bytes: Uint8Array): string | undefined {
  // Latin-1 maps each byte to one char, so ASCII markup reads right whatever the charset.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, META_SNIFF_BYTES));
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_.:-]+)/i.exec(head);
  return match?.[1]?.toLowerCase();
}
