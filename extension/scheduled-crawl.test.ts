import { describe, expect, it } from 'vitest';
import type { ScheduledRun } from './crawl-items.ts';
import { hostPattern } from './host-access.ts';
import { runScheduledCrawl, type ScheduledCrawlPorts } from './scheduled-crawl.ts';

const SITE = 'https://site.example';

/** A browser whose host access is `granted`; asking for more fails the test (never from the background). */
function fakeBrowser(
  granted: string[],
  running: string[] = [],
  startAnswer = { ok: true } as const,
) {
  const calls = { contains: [] as string[][], started: [] as string[], runs: [] as ScheduledRun[] };
  const permissions = {
    contains: ({ origins }: { origins: string[] }) => {
      calls.contains.push(origins);
      return Promise.resolve(origins.every((origin) => granted.includes(origin)));
    },
    request: () => Promise.reject(new Error('the background must never prompt')),
  };
  const ports: ScheduledCrawlPorts = {
    hasHostAccess: (origin) => permissions.contains({ origins: [hostPattern(origin)] }),
    isRunning: (origin) => running.includes(origin),
    start: (origin) => {
      calls.started.push(origin);
      return Promise.resolve(startAnswer);
    },
    record: (_origin, run) => {
      calls.runs.push(run);
      return Promise.resolve();
    },
    nowMs: () => 1_000,
  };
  return { ports, calls };
}

describe('a re-crawl alarm', () => {
  it('without host access: checks it, records why, starts nothing', async () => {
    const { ports, calls } = fakeBrowser(['https://other.example/*']);
    expect(await runScheduledCrawl(SITE, ports)).toEqual({ kind: 'no-access' });
    expect(calls.contains).toEqual([['https://site.example/*']]);
    expect(calls.started).toEqual([]);
    expect(calls.runs).toEqual([{ atMs: 1_000, outcome: { kind: 'no-access' } }]);
  });

  it("while the site's crawl runs: skips it", async () => {
    const { ports, calls } = fakeBrowser(['https://site.example/*'], [SITE]);
    expect(await runScheduledCrawl(SITE, ports)).toEqual({ kind: 'busy' });
    expect(calls.started).toEqual([]);
    expect(calls.runs).toEqual([{ atMs: 1_000, outcome: { kind: 'busy' } }]);
  });

  it('with access: records the start before starting (a short crawl may end at once)', async () => {
    const { ports, calls } = fakeBrowser(['https://site.example/*'], ['https://other.example']);
    expect(await runScheduledCrawl(SITE, ports)).toEqual({ kind: 'started' });
    expect(calls.started).toEqual([SITE]);
    expect(calls.runs).toEqual([{ atMs: 1_000, outcome: { kind: 'started' } }]);
  });

  it('records why a start failed', async () => {
    const { ports, calls } = fakeBrowser(['https://site.example/*']);
    ports.start = () => Promise.resolve({ ok: false, error: 'storage full' });
    expect(await runScheduledCrawl(SITE, ports)).toEqual({ kind: 'failed', error: 'storage full' });
    expect(calls.runs.at(-1)).toEqual({
      atMs: 1_000,
      outcome: { kind: 'failed', error: 'storage full' },
    });
  });
});
