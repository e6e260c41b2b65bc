/** The progress line as a pure function of the crawl's figures, and what it says sets the pace. */
import { describe, expect, it } from 'vitest';
import { cliTranslator } from './i18n.ts';
import { clockTime, paceTag, paceText, progressLine, ResponseTimes } from './progress-line.ts';
import { resumeCommand, shellWord } from './resume-command.ts';

const en = cliTranslator('en');
const stats = { done: 1234, queued: 56, inFlight: 2, broken: 7, elapsedMs: 83_400 };

describe('progressLine', () => {
  it('shows elapsed time, done/queued, rate and what sets the pace', () => {
    const line = progressLine(
      {
        stats,
        ratePerSecond: 14.96,
        pace: { delayMs: 50, concurrencyPerOrigin: 2, meanResponseMs: 4 },
      },
      en,
    );
    expect(line).toBe(
      '1:23 · 1,234 done, 56 queued, 7 broken · 15.0 URLs/s · paced by --delay 50ms',
    );
    expect(line.length).toBeLessThanOrEqual(79);
  });

  it('is in the reader language', () => {
    const line = progressLine(
      { stats, ratePerSecond: 2, pace: { delayMs: 0, concurrencyPerOrigin: 2, meanResponseMs: 9 } },
      cliTranslator('ko'),
    );
    expect(line).toContain('완료 1,234');
    expect(line).toContain('속도: 서버(약 9ms)');
  });
});

describe('paceText', () => {
  const pace = (delayMs: number, concurrencyPerOrigin: number, meanResponseMs: number | null) =>
    paceText({ delayMs, concurrencyPerOrigin, meanResponseMs }, en);

  it('names the delay when it is longer than answer time ÷ concurrency', () => {
    expect(pace(50, 2, 80)).toMatch(/^pace: polite, 50 ms between requests per site/);
    expect(pace(50, 8, 10)).toMatch(/--delay 0/);
    expect(pace(50, 2, null)).toMatch(/--delay 0/);
  });

  it('names the server when its answers are slower than the delay allows', () => {
    expect(pace(50, 2, 300)).toBe(
      'pace: your server, ~300 ms per answer, 2 at a time — --concurrency to go faster',
    );
    expect(pace(0, 2, 12.4)).toBe(
      'pace: your server, ~12 ms per answer, 2 at a time — --concurrency to go faster',
    );
    expect(pace(0, 2, null)).toBe('starting');
  });

  it('has a short form for the progress line', () => {
    expect(paceTag({ delayMs: 0, concurrencyPerOrigin: 2, meanResponseMs: 30.2 }, en)).toBe(
      'paced by the server (~30 ms)',
    );
  });
});

describe('clockTime and ResponseTimes', () => {
  it('formats elapsed time as m:ss or h:mm:ss', () => {
    expect(clockTime(7_900)).toBe('0:07');
    expect(clockTime(754_000)).toBe('12:34');
    expect(clockTime(3_723_000)).toBe('1:02:03');
  });

  it('averages the last 50 answers', () => {
    const times = new ResponseTimes();
    expect(times.meanMs).toBeNull();
    for (let i = 0; i < 50; i++) times.add(1000);
    for (let i = 0; i < 50; i++) times.add(10);
    expect(times.meanMs).toBe(10);
  });
});

describe('resumeCommand', () => {
  it('quotes only what the shell would read differently', () => {
    expect(resumeCommand('/tmp/state.json', ['--format', 'json'])).toBe(
      'robotlens crawl --resume /tmp/state.json --format json',
    );
    expect(shellWord("my site's state.json")).toBe(`'my site'\\''s state.json'`);
  });
});
