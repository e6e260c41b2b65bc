import { describe, expect, it } from 'vitest';
import { originOf, parseHttpUrl, parseUrl } from './http-url.ts';

const CHROME = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const FIREFOX = 'moz-extension://0b6f8a4e-3c1d-4f2a-9e7b-5d2c1a0f9e8d';

describe('originOf', () => {
  it('keeps scheme, host and port of any scheme', () => {
    expect(originOf(`${FIREFOX}/_generated_background_page.html`)).toBe(FIREFOX);
    expect(originOf(`${CHROME}/`)).toBe(CHROME);
    expect(originOf('http://127.0.0.1:8080/a/b?c')).toBe('http://127.0.0.1:8080');
    expect(originOf('https://example.com')).toBe('https://example.com');
  });

  it('drops the default port and credentials, and is null for what does not parse', () => {
    expect(originOf('HTTPS://user:pw@Example.com:443/a')).toBe('https://example.com');
    expect(originOf('not a url')).toBeNull();
  });
});

describe('parsing without the throw', () => {
  it('parseUrl takes any scheme, resolved against a base', () => {
    expect(parseUrl('mailto:a@example.com')?.protocol).toBe('mailto:');
    expect(parseUrl('/a', 'https://example.com/b')?.href).toBe('https://example.com/a');
    expect(parseUrl('http://[bad')).toBeNull();
  });

  it('parseHttpUrl takes http(s) only', () => {
    expect(parseHttpUrl('https://example.com/')?.href).toBe('https://example.com/');
    expect(parseHttpUrl('ftp://example.com/')).toBeNull();
    expect(parseHttpUrl('no')).toBeNull();
  });
});
