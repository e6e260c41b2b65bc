import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../http/base64.ts';
import { batchDecide } from './batch.ts';

describe('batchDecide', () => {
  it('answers { allowed, line } per case, text or base64', () => {
    const robotstxt = 'User-agent: *\nDisallow: /a\n';
    const robotstxt_base64 = bytesToBase64(new TextEncoder().encode(robotstxt));
    expect(
      batchDecide([
        { robotstxt, ua: 'x', url: 'https://e.com/a' },
        { robotstxt_base64, ua: 'x', url: 'https://e.com/a' },
        { robotstxt, ua: 'x', url: 'https://e.com/b' },
        { robotstxt: '', ua: 'x', url: 'https://e.com/b' },
      ]),
    ).toEqual([
      { allowed: false, line: 2 },
      { allowed: false, line: 2 },
      { allowed: true, line: null },
      { allowed: true, line: null },
    ]);
  });

  it('reads base64url (RFC 4648 §5) as well as standard base64', () => {
    // 0xFF 0xFE gives `//7` in standard base64 and `__7` in base64url.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\nDisallow: /'),
      0xff,
      0xfe,
    ]);
    const standard = bytesToBase64(bytes);
    const url = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(url).not.toBe(standard);
    expect(
      batchDecide([
        { robotstxt_base64: standard, ua: 'x', url: 'https://e.com/%FF%FE' },
        { robotstxt_base64: url, ua: 'x', url: 'https://e.com/%FF%FE' },
      ]),
    ).toEqual([
      { allowed: false, line: 2 },
      { allowed: false, line: 2 },
    ]);
  });

  it('decides thousands of cases quickly (parsed files cached by content)', () => {
    const files = Array.from(
      { length: 20 },
      (_, i) => `User-agent: *\nDisallow: /p${i}/\nAllow: /p${i}/ok\n`,
    );
    const cases = Array.from({ length: 5000 }, (_, i) => ({
      robotstxt: files[i % files.length] ?? '',
      ua: 'googlebot',
      url: `https://e.com/p${i % 20}/${i % 3 === 0 ? 'ok' : 'no'}`,
    }));
    const started = performance.now();
    const results = batchDecide(cases);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(results.filter((r) => r.allowed).length).toBe(Math.ceil(5000 / 3));
  });
});
