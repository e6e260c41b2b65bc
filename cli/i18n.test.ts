/**
 * The command line in Korean: `--lang ko`, or a Korean system locale, turns
 * help, errors and every text report into Korean; JSON stays data.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageFromEnvironment, supportedLanguage, takeLanguageFlag } from './i18n.ts';
import { runCli } from '../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';

describe('choosing the language', () => {
  it('reads LC_ALL, then LC_MESSAGES, then LANG, then Intl', () => {
    expect(languageFromEnvironment({ LANG: 'ko_KR.UTF-8' }, 'en-US')).toBe('ko');
    expect(languageFromEnvironment({ LC_ALL: 'en_US.UTF-8', LANG: 'ko_KR.UTF-8' }, 'ko')).toBe(
      'en',
    );
    expect(languageFromEnvironment({ LC_MESSAGES: 'ko_KR', LANG: 'en_GB' }, 'en')).toBe('ko');
    expect(languageFromEnvironment({ LC_ALL: '', LANG: 'ko' }, 'en')).toBe('ko');
    expect(languageFromEnvironment({}, 'ko-KR')).toBe('ko');
    expect(languageFromEnvironment({}, 'en-US')).toBe('en');
  });

  it('falls back to English for C, POSIX and languages without messages', () => {
    expect(languageFromEnvironment({ LANG: 'C.UTF-8' }, 'ko-KR')).toBe('en');
    expect(languageFromEnvironment({ LANG: 'POSIX' }, 'ko-KR')).toBe('en');
    expect(languageFromEnvironment({ LANG: 'fr_FR.UTF-8' }, 'ko-KR')).toBe('en');
    expect(supportedLanguage('ko-Kore-KR')).toBe('ko');
  });

  it('takes --lang anywhere, and refuses other languages', () => {
    expect(takeLanguageFlag(['page', '--lang', 'ko', 'x'])).toEqual({
      lang: 'ko',
      rest: ['page', 'x'],
    });
    expect(takeLanguageFlag(['--lang=en', 'crawl'])).toEqual({ lang: 'en', rest: ['crawl'] });
    expect(() => takeLanguageFlag(['--lang', 'fr'])).toThrow(/--lang must be one of en, ko/);
    expect(() => takeLanguageFlag(['--lang'])).toThrow(/--lang/);
  });
});

describe('robotlens --lang ko', () => {
  let site: SiteServer;
  beforeAll(async () => {
    site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
  });
  afterAll(() => site.close());

  it('prints help in Korean, and in English with --lang en despite a Korean locale', async () => {
    const korean = await runCli(['--lang', 'ko', '--help']);
    expect(korean.code).toBe(0);
    expect(korean.stdout).toContain('사용법:');
    expect(korean.stdout).toContain('--lang en|ko');
    const english = await runCli(['--help', '--lang=en'], undefined, undefined, {
      LC_ALL: 'ko_KR.UTF-8',
    });
    expect(english.stdout).toContain('Usage:');
  });

  it('follows a Korean system locale without the flag', async () => {
    const run = await runCli(['--help'], undefined, undefined, {
      LC_ALL: '',
      LANG: 'ko_KR.UTF-8',
    });
    expect(run.stdout).toContain('사용법:');
  });

  it('words usage errors in Korean, with exit code 2', async () => {
    const unknown = await runCli(['--lang', 'ko', 'fly']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'robotlens: 알 수 없는 명령 "fly". robotlens --help를 참고하세요.\n',
    );
    const format = await runCli(['--lang', 'ko', 'page', site.origin, '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format 값은 text, json 중 하나여야 합니다');
    const lang = await runCli(['--lang', 'de', 'page', site.origin]);
    expect(lang.stderr).toContain('--lang must be one of en, ko (got "de")');
  });

  it('prints the page verdict in Korean, with no English words of its own', async () => {
    const run = await runCli(['--lang', 'ko', 'page', `${site.origin}/noindex-meta.html`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('색인 생성 불가 (googlebot)');
    expect(run.stdout).toContain(
      'googlebot: 색인 생성 불가. robots 메타 태그에 noindex가 있습니다',
    );
    expect(run.stdout).toContain('이유:');
    expect(run.stdout).toContain('차단 meta-robots:');
    expect(run.stdout).toContain('태그:');
    for (const english of ['NOT INDEXABLE', 'Reasons:', 'BLOCKS', 'Tags:', ' from '])
      expect(run.stdout).not.toContain(english);
  });

  it('prints the robots.txt audit in Korean', async () => {
    const run = await runCli(['--lang', 'ko', 'robots', site.origin, '--test', '/private/x']);
    expect(run.stdout).toContain('정책 rules: robots.txt 응답 200: 파일의 규칙이 적용됩니다');
    expect(run.stdout).toContain('테스트:');
    expect(run.stdout).toMatch(/차단 +googlebot /);
    expect(run.stdout).toContain('그룹: 2개');
  });

  it('prints the crawl report in Korean, and the same JSON in both languages', async () => {
    const korean = await runCli(['--lang', 'ko', 'crawl', site.origin, '--delay-ms', '0']);
    expect(korean.stdout).toMatch(/크롤링\(RobotLens\): (완료|중지됨)/);
    expect(korean.stdout).toContain('끊어진 링크');
    const json = async (lang: string) =>
      JSON.parse(
        (await runCli(['--lang', lang, 'robots', site.origin, '--format', 'json'])).stdout,
      ) as Record<string, unknown>;
    const [ko, en] = [await json('ko'), await json('en')];
    delete ko.ageMs;
    delete en.ageMs;
    expect({ ...ko, fetchedAtMs: 0, expiresAtMs: 0 }).toEqual({
      ...en,
      fetchedAtMs: 0,
      expiresAtMs: 0,
    });
  });
});
