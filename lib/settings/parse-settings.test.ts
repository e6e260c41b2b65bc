import { describe, expect, it } from 'vitest';
import { withText } from '../i18n/with-text.ts';
import ko from '../../public/_locales/ko/messages.json' with { type: 'json' };
import { renderMessage, type Catalog } from '../i18n/catalog.ts';
import { english } from '../../components/english.ts';
import { createTranslator } from '../i18n/translator.ts';
import { parseSettingsFile as parseSettingsFileOf, settingsFileText } from './settings-file.ts';
import { readStoredSettings, settingsRecord } from './parse-settings.ts';
import { blockListSizeProblem, MAX_BLOCK_PATTERNS } from './block-list.ts';
import { DEFAULT_SETTINGS, type Settings } from './settings.ts';
import { MAX_SCHEDULED_ORIGIN_CHARS, MAX_SCHEDULED_SITES } from './schedule.ts';

/** What the function answers, worded as JSON and the tests read it: English, each phrase beside it. */
const parseSettingsFile = (...args: Parameters<typeof parseSettingsFileOf>) =>
  withText(parseSettingsFileOf(...args), english);

const CUSTOM: Settings = {
  robot: 'bingbot',
  crawl: { ...DEFAULT_SETTINGS.crawl, maxDepth: 4, obeyRobots: false, timeoutMs: 3_000 },
  from: 'webmaster@example.com',
  blockList: ['/admin/*', '*.zip'],
  schedule: { 'https://example.com': 'weekly' },
};

const korean = createTranslator('ko', (key, substitutions) =>
  renderMessage(ko as Catalog, key, substitutions),
);

/** Where and what, in English (the phrases are checked below, in Korean). */
const problemsOf = (text: string, current = DEFAULT_SETTINGS) => {
  const result = parseSettingsFile(text, current);
  return result.ok ? [] : result.problems.map(({ path, message }) => ({ path, message }));
};

describe('settings files', () => {
  it('round-trip: what is exported imports back the same', () => {
    const text = settingsFileText(CUSTOM);
    expect(JSON.parse(text)).toMatchObject({ format: 'robotlens-settings', version: 1 });
    expect(parseSettingsFile(text, DEFAULT_SETTINGS)).toEqual({ ok: true, settings: CUSTOM });
  });

  it('keeps the current value of a setting the file leaves out', () => {
    const result = parseSettingsFile('{"blockList": ["/tmp/*"]}', CUSTOM);
    expect(result).toEqual({ ok: true, settings: { ...CUSTOM, blockList: ['/tmp/*'] } });
  });

  it('reads a file saved with a byte-order mark', () => {
    expect(parseSettingsFile(`\uFEFF${settingsFileText(CUSTOM)}`, DEFAULT_SETTINGS).ok).toBe(true);
  });

  it('lists every problem with where it is and what was found', () => {
    const text = JSON.stringify({
      format: 'robotlens-settings',
      version: 1,
      robot: 42,
      crawl: { maxPages: 0, delayMs: '50', obeyRobots: 'yes', speed: 'fast' },
      from: 'webmaster',
      blockList: ['/ok/*', 'admin', 7, ''],
      theme: 'dark',
    });
    expect(problemsOf(text)).toEqual([
      { path: 'theme', message: 'Not a RobotLens setting.' },
      { path: 'robot', message: 'Must be text, in double quotes. (found 42)' },
      { path: 'crawl.speed', message: 'Not a RobotLens setting.' },
      { path: 'crawl.maxPages', message: 'Must be a whole number from 1 to 100,000. (found 0)' },
      { path: 'crawl.delayMs', message: 'Must be a number. (found "50")' },
      { path: 'crawl.obeyRobots', message: 'Must be true or false. (found "yes")' },
      {
        path: 'from',
        message: 'An email address needs an @, as in webmaster@example.com. (found "webmaster")',
      },
      { path: 'blockList[1]', message: expect.stringMatching(/^Start the pattern with/) },
      { path: 'blockList[2]', message: 'Must be text, in double quotes. (found 7)' },
      { path: 'blockList[3]', message: 'Must not be empty. (found "")' },
    ]);
  });

  it('carries each problem as a phrase, its English the message and worded in Korean too', () => {
    const text = JSON.stringify({ crawl: { maxPages: 0 }, from: 'a@localhost', theme: 1 });
    const result = parseSettingsFileOf(text, DEFAULT_SETTINGS);
    if (result.ok) throw new Error('expected problems');
    for (const problem of result.problems) expect(english(problem.message)).not.toBe('');
    expect(result.problems.map((problem) => korean.say(problem.message))).toEqual([
      'RobotLens 설정 항목이 아닙니다.',
      '1부터 100,000까지의 정수를 입력하세요. (받은 값: 0)',
      '도메인 "localhost"에는 example.com처럼 점이 있어야 합니다. (받은 값: "a@localhost")',
    ]);
  });

  it.each([
    ['{"robot": "googlebot",}', /^The file is not valid JSON: /],
    ['', /^The file is not valid JSON: /],
    ['[1, 2]', /^The settings must be one JSON object/],
    ['"googlebot"', /^The settings must be one JSON object/],
    ['{"format": "robotlens-report"}', /not a RobotLens settings file/],
    ['{"version": 2}', /newer RobotLens \(settings version 2\)/],
    ['{"version": "1"}', /whole number/],
    [`{"robot": "${'x'.repeat(300_000)}"}`, /^The file is 293 KB/],
  ])('refuses %j as a whole', (text, why) => {
    const problems = problemsOf(text.slice(0, 400_000));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(why);
  });

  it('refuses a block list too big for browser sync', () => {
    const many = Array.from({ length: MAX_BLOCK_PATTERNS + 1 }, (_, i) => `/p${i}`);
    expect(problemsOf(JSON.stringify({ blockList: many }))).toEqual([
      { path: 'blockList', message: expect.stringMatching(/201 patterns/) },
    ]);
  });

  it('anything accepted fits one browser-sync item (8,192 bytes with its key)', () => {
    // Backslashes double in JSON and € takes 3 bytes in UTF-8: the worst cases.
    const blockList: string[] = [];
    for (let i = 0; blockListSizeProblem(blockList) === null; i++)
      blockList.push(`re:\\d${i}${'\\.'.repeat(20)}`);
    blockList.pop();
    const longest: Settings = {
      robot: '€'.repeat(100),
      crawl: { ...DEFAULT_SETTINGS.crawl, robot: '€'.repeat(100), maxPages: 100_000 },
      from: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`,
      blockList,
      // Every scheduled site at its longest origin, weekly (the longer period's name).
      schedule: Object.fromEntries(
        Array.from({ length: MAX_SCHEDULED_SITES }, (_, i) => [
          `https://${String(i).padStart(MAX_SCHEDULED_ORIGIN_CHARS - 8, 'a')}`,
          'weekly' as const,
        ]),
      ),
    };
    expect(parseSettingsFile(settingsFileText(longest), DEFAULT_SETTINGS)).toEqual({
      ok: true,
      settings: longest,
    });
    const bytes = new TextEncoder().encode('settings' + JSON.stringify(settingsRecord(longest)));
    expect(bytes.length).toBeGreaterThan(7_000);
    expect(bytes.length).toBeLessThanOrEqual(8_192);
  });
});

describe('readStoredSettings', () => {
  it('keeps what is good and takes the defaults for the rest', () => {
    expect(readStoredSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(readStoredSettings(settingsRecord(CUSTOM))).toEqual(CUSTOM);
    expect(
      readStoredSettings({
        robot: '',
        crawl: { maxPages: -1, maxDepth: 2, future: true },
        from: 'bad',
        blockList: ['/keep/*', 'drop'],
        version: 9,
      }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      crawl: { ...DEFAULT_SETTINGS.crawl, maxDepth: 2 },
      blockList: ['/keep/*'],
    });
  });
});
