/**
 * `srcset` candidates, split the way the HTML standard's "parse a srcset
 * attribute" algorithm does: a URL runs to the next whitespace (so commas
 * inside a URL, as in `a,b.jpg 1x` or `data:…;base64,…`, stay in it); a
 * comma ending the URL ends the candidate; otherwise descriptors run to the
 * next comma outside parentheses.
 */

export interface SrcsetCandidate {
  url: string;
  /** Descriptors as written (`1x`, `480w`), possibly empty. */
  descriptors: string;
}

/** ASCII whitespace, the only separator srcset knows. */
function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && (isWhitespace(srcset.charCodeAt(i)) || srcset[i] === ',')) i++;
    if (i >= srcset.length) break;
    const urlStart = i;
    while (i < srcset.length && !isWhitespace(srcset.charCodeAt(i))) i++;
    let url = srcset.slice(urlStart, i);
    if (url.endsWith(',')) {
      candidates.push({ url: url.replace(/,+$/, ''), descriptors: '' });
      continue;
    }
    const descriptorStart = i;
    i = endOfDescriptors(srcset, i);
    url = url.trim();
    candidates.push({ url, descriptors: srcset.slice(descriptorStart, i).trim() });
    i++; // past the comma
  }
  return candidates.filter((candidate) => candidate.url !== '');
}

/** Index of the comma ending the descriptors (commas inside parentheses do not count). */
function endOfDescriptors(srcset: string, start: number): number {
  let depth = 0;
  for (let i = start; i < srcset.length; i++) {
    const char = srcset[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) return i;
  }
  return srcset.length;
}
