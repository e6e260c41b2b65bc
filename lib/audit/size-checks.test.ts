import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { briefly, siteInput } from '../../tests/support/site-audit-input.ts';
import { sizeFindings } from './size-checks.ts';

describe('sizeFindings', () => {
  it('names each page cut at the size limit, with how much was read', () => {
    const found = sizeFindings(
      siteInput({
        pages: {
          '/': {},
          '/big': { truncatedAtBytes: 15 * 2 ** 20 },
          '/odd': { truncatedAtBytes: 1.25 * 2 ** 20 },
        },
      }),
    );
    expect(briefly(found)).toEqual(['page-too-large /big', 'page-too-large /odd']);
    expect(english(found[0]!.detail)).toMatch(/^Only the first 15 MB of this page were read\./);
    expect(english(found[1]!.detail)).toMatch(/^Only the first 1\.3 MB of this page were read\./);
    expect(found.every((finding) => finding.severity === 'warning')).toBe(true);
  });

  it('finds nothing when every page was read whole', () => {
    expect(sizeFindings(siteInput({ pages: { '/': {}, '/a': {} } }))).toEqual([]);
  });
});
