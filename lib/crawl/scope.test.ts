import { describe, expect, it } from 'vitest';
import {
  inScope,
  originScope,
  registrableDomainScope,
  type GetDomain,
  type ScopeReason,
} from './scope.ts';

/** A two-entry stand-in for the Public Suffix List. */
const getDomain: GetDomain = (hostname) => {
  if (/^[\d.]+$/.test(hostname) || hostname.startsWith('[') || !hostname.includes('.')) return null;
  const labels = hostname.split('.');
  const suffixLength = hostname.endsWith('.co.uk') ? 2 : 1;
  return labels.length > suffixLength ? labels.slice(-suffixLength - 1).join('.') : null;
};

describe('inScope: same origin', () => {
  const scope = originScope('https://www.example.com/start');

  it.each<[string, boolean, ScopeReason]>([
    ['https://www.example.com/a', true, 'same-origin'],
    ['https://WWW.example.com:443/a', true, 'same-origin'],
    ['http://www.example.com/a', false, 'other-origin'],
    ['https://www.example.com:8443/a', false, 'other-origin'],
    ['https://example.com/a', false, 'other-origin'],
    ['https://shop.example.com/a', false, 'other-origin'],
    ['mailto:a@www.example.com', false, 'not-http'],
    ['not a url', false, 'invalid-url'],
  ])('%s → %s (%s)', (url, allowed, reason) => {
    expect(inScope(url, scope)).toMatchObject({ allowed, reason });
  });

  it('accepts a hand-written origin', () => {
    expect(inScope('https://x.test/a', { origin: 'HTTPS://X.test:443' }).allowed).toBe(true);
  });
});

describe('inScope: same registrable domain', () => {
  const scope = registrableDomainScope('https://www.example.co.uk/', getDomain);

  it.each<[string, boolean, ScopeReason]>([
    ['https://www.example.co.uk/a', true, 'same-registrable-domain'],
    ['http://shop.example.co.uk:8080/a', true, 'same-registrable-domain'],
    ['https://example.co.uk/', true, 'same-registrable-domain'],
    ['https://other.co.uk/', false, 'other-registrable-domain'],
    ['https://example.com/', false, 'other-registrable-domain'],
    ['https://co.uk/', false, 'other-registrable-domain'],
  ])('%s → %s (%s)', (url, allowed, reason) => {
    expect(inScope(url, scope)).toMatchObject({ allowed, reason });
  });

  it('matches IP hosts exactly', () => {
    const ipScope = registrableDomainScope('http://127.0.0.1:8080/', getDomain);
    expect(inScope('http://127.0.0.1:9000/x', ipScope).allowed).toBe(true);
    expect(inScope('http://127.0.0.2/x', ipScope)).toMatchObject({
      allowed: false,
      detail: '127.0.0.2 is not part of 127.0.0.1.',
    });
  });
});
