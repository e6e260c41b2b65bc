import { describe, expect, it } from 'vitest';
import { compileUrlPattern } from './url-pattern.ts';
import { unsafeRegexReason } from './regex-safety.ts';

const matches = (pattern: string, url: string): boolean => {
  const compiled = compileUrlPattern(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.pattern.matches(url);
};

describe('compileUrlPattern: globs', () => {
  it.each<[string, string, boolean]>([
    ['/admin/*', 'https://x.test/admin/users?id=1', true],
    ['/admin/*', 'https://x.test/admin/', true],
    ['/admin/*', 'https://x.test/admin', false],
    ['/admin/*', 'https://x.test/x/admin/', false],
    ['/logout', 'https://x.test/logout', true],
    ['/logout', 'https://x.test/logout?next=/', false],
    ['/logout*', 'https://x.test/logout?next=/', true],
    ['*/logout*', 'https://x.test/a/logout', true],
    ['*?sort=*', 'https://x.test/list?sort=asc', true],
    ['*?sort=*', 'https://x.test/list?page=2', false],
    ['*.pdf', 'https://x.test/doc/file.pdf', true],
    ['*.pdf', 'https://x.test/doc/file.pdf?x', false],
    ['https://x.test/*/print', 'https://x.test/a/b/print', true],
    ['https://x.test/*/print', 'https://other.test/a/print', false],
    ['*a*a*a*b', `https://x.test/${'a'.repeat(1500)}`, false],
    ['a*b*a', 'aba', true],
    ['ab*ba', 'aba', false],
    ['**', 'anything', true],
    ['/cal/*/*/', 'https://x.test/cal/2026/12/', true],
  ])('%j on %s → %s', (pattern, url, expected) => {
    expect(matches(pattern, url)).toBe(expected);
  });

  it('refuses an empty pattern', () => {
    expect(compileUrlPattern('  ')).toMatchObject({ ok: false });
  });

  it('stays fast on adversarial input', () => {
    const url = `https://x.test/${'a'.repeat(2000)}`;
    const started = performance.now();
    for (let i = 0; i < 100; i++) matches('*a*a*a*a*a*a*a*a*c', url);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('compileUrlPattern: re: patterns', () => {
  it.each<[string, string, boolean]>([
    ['re:[?&]session=[0-9a-f]+', 'https://x.test/a?session=ab12', true],
    ['re:^https://x\\.test/(en|fr)/', 'https://x.test/fr/page', true],
    ['re:^https://x\\.test/(en|fr)/', 'https://x.test/de/page', false],
    ['re:\\.(jpg|png)$', 'https://x.test/a.png', true],
  ])('%j on %s → %s', (pattern, url, expected) => {
    expect(matches(pattern, url)).toBe(expected);
  });

  it.each<[string, RegExp]>([
    ['re:(a+)+$', /exponential/],
    ['re:(a|aa)*$', /exponential/],
    ['re:(x(a*)y)*', /exponential/],
    ['re:(a|b){2,}', /exponential/],
    ['re:(\\w+)\\1', /back-references/],
    ['re:(?<n>a)\\k<n>', /back-references/],
    ['re:(?=a)a', /lookahead/],
    ['re:(?<!a)b', /lookahead/],
    ['re:a*b*c*', /at most 2 unbounded/],
    ['re:[', /not a valid regular expression/],
    [`re:${'a'.repeat(600)}`, /limited to 500/],
  ])('refuses %.40j', (pattern, reason) => {
    const compiled = compileUrlPattern(pattern);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.reason).toMatch(reason);
  });

  it.each(['(ab)+c', '(a|b)?c', '[(+*]+x', '\\(a+\\)+', 'a{2,3}(bc){1,2}', '(?:en|fr)/.*', '[]a+'])(
    'accepts %j',
    (source) => {
      expect(unsafeRegexReason(source)).toBeNull();
    },
  );
});
