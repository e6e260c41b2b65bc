import { RE2JS } from 're2js';
import { describe, expect, it, vi } from 'vitest';
import { compileUrlPattern, MAX_PROGRAM_SIZE } from './url-pattern.ts';

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

describe('compileUrlPattern: re: patterns (RE2)', () => {
  it.each<[string, string, boolean]>([
    ['re:[?&]session=[0-9a-f]+', 'https://x.test/a?session=ab12', true],
    ['re:^https://x\\.test/(en|fr)/', 'https://x.test/fr/page', true],
    ['re:^https://x\\.test/(en|fr)/', 'https://x.test/de/page', false],
    ['re:\\.(jpg|png)$', 'https://x.test/a.png', true],
    // Shapes the old backtracking guard refused, harmless on RE2.
    ['re:(a+)+$', 'https://x.test/aaaa', true],
    ['re:a*b*c*', 'https://x.test/', true],
    // RE2's own syntax: an inline flag, which JavaScript's engine rejects.
    ['re:(?i)/ADMIN/', 'https://x.test/admin/', true],
  ])('%j on %s → %s', (pattern, url, expected) => {
    expect(matches(pattern, url)).toBe(expected);
  });

  it('runs every regex on RE2', () => {
    const compile = vi.spyOn(RE2JS, 'compile');
    try {
      expect(matches('re:[?&]id=', 'https://x.test/?id=1')).toBe(true);
      expect(compile).toHaveBeenCalledWith('[?&]id=');
    } finally {
      compile.mockRestore();
    }
  });

  it('runs the pattern that hung the backtracking engine in linear time', () => {
    const pattern = 're:a{1,300}a{1,300}a{1,300}a{1,300}!';
    const started = performance.now();
    expect(matches(pattern, `https://x.test/${'a'.repeat(5000)}`)).toBe(false);
    expect(matches(pattern, `https://x.test/${'a'.repeat(400)}!`)).toBe(true);
    // V8 ran this for over a minute; RE2 takes milliseconds (the bound is generous).
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it.each<[string, RegExp]>([
    ['re:(\\w+)\\1', /invalid escape sequence: `\\1`/],
    ['re:(?<n>a)\\k<n>', /invalid escape sequence: `\\k`/],
    ['re:(?=a)a', /unsupported Perl syntax: `\(\?=`/],
    ['re:(?<!a)b', /not a valid RE2 regular expression/],
    ['re:[', /missing closing \]/],
    ['re:a{1001}', /invalid repeat count/],
  ])('refuses %j as RE2 syntax, saying what RE2 lacks', (pattern, detail) => {
    const compiled = compileUrlPattern(pattern);
    expect(compiled).toMatchObject({ ok: false, kind: 'regex-syntax' });
    if (compiled.ok) return;
    expect(compiled.reason).toMatch(detail);
    expect(compiled.reason).toContain('no back-references');
    expect(compiled.reason).toContain('no lookaround');
  });

  it('refuses a program too big to run fast, with its size', () => {
    const compiled = compileUrlPattern(`re:${'[ab]{1,999}'.repeat(4)}c`);
    expect(compiled).toMatchObject({ ok: false, kind: 'regex-too-complex' });
    if (!compiled.ok && compiled.kind === 'regex-too-complex')
      expect(compiled.programSize).toBeGreaterThan(MAX_PROGRAM_SIZE);
  });
});
