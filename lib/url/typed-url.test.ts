import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { urlFromTyped } from './typed-url.ts';

describe('urlFromTyped: the URL a typed address stands for', () => {
  it.each<[string, string, 'http' | 'https' | null]>([
    ['https://example.com/a?b#c', 'https://example.com/a?b#c', null],
    ['HTTP://Example.COM', 'http://example.com/', null],
    ['http://127.0.0.1:8942', 'http://127.0.0.1:8942/', null],
    ['https://localhost:8443/', 'https://localhost:8443/', null],
    // No scheme: a local address is plain http…
    ['localhost', 'http://localhost/', 'http'],
    ['localhost:8942', 'http://localhost:8942/', 'http'],
    ['LOCALHOST:8942/docs/', 'http://localhost:8942/docs/', 'http'],
    ['app.localhost:3000', 'http://app.localhost:3000/', 'http'],
    ['127.0.0.1:8942/', 'http://127.0.0.1:8942/', 'http'],
    ['192.168.1.10/admin', 'http://192.168.1.10/admin', 'http'],
    ['[::1]:8080/x', 'http://[::1]:8080/x', 'http'],
    // …and any other host https.
    ['example.com', 'https://example.com/', 'https'],
    ['example.com:8443/a', 'https://example.com:8443/a', 'https'],
    ['www.example.com/path?q=1', 'https://www.example.com/path?q=1', 'https'],
    ['  example.com  ', 'https://example.com/', 'https'],
    ['bücher.example', 'https://xn--bcher-kva.example/', 'https'],
    ['user@example.com/x', 'https://user@example.com/x', 'https'],
  ])('%j → %s (scheme added: %s)', (typed, url, schemeAdded) => {
    expect(urlFromTyped(typed)).toEqual({ ok: true, url, schemeAdded });
  });

  it.each<[string, RegExp]>([
    ['', /Missing a URL/],
    ['   ', /Missing a URL/],
    ['ht!tp://x/', /"ht!tp:\/\/x\/" has no usable scheme/],
    ['htp//x', /no usable scheme/],
    ['://example.com', /no usable scheme/],
    ['ftp://example.com/', /is a ftp: URL; only http and https/],
    ['file:///etc/passwd', /is a file: URL; only/],
    ['mailto:me@example.com', /is a mailto: URL; only/],
    ['javascript:alert(1)', /is a javascript: URL; only/],
    ['http://', /not a valid URL/],
    ['http://exa mple.com/', /not a valid URL/],
    ['http://ht!tp/x', /not a host name/],
    ['example!.com', /not a host name/],
    ['https://-bad-.example/', /not a host name/],
  ])('refuses %j', (typed, why) => {
    const result = urlFromTyped(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(english(result.problem)).toMatch(why);
  });

  it('quotes at most 100 characters of what was typed', () => {
    const result = urlFromTyped(`ftp://${'a'.repeat(300)}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(english(result.problem).length).toBeLessThan(200);
  });
});
