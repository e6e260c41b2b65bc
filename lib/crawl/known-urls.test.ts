import { describe, expect, it } from 'vitest';
import { KnownUrls } from './known-urls.ts';

describe('KnownUrls', () => {
  it('knows each URL once, and gives back the URL it knows', () => {
    const known = new KnownUrls();
    known.add('http://a.test/x');
    known.add('http://a.test/y');
    known.add(['http://a.test/', 'x'].join(''));
    expect(known.size).toBe(2);
    expect(known.has('http://a.test/x')).toBe(true);
    expect(known.has('http://a.test/z')).toBe(false);
    expect(known.kept(['http://a.test/', 'y'].join(''))).toBe('http://a.test/y');
  });

  it('gives an unknown URL back as it is, without knowing it', () => {
    const known = new KnownUrls();
    expect(known.kept('http://a.test/new')).toBe('http://a.test/new');
    expect(known.has('http://a.test/new')).toBe(false);
    expect(known.size).toBe(0);
  });
});
