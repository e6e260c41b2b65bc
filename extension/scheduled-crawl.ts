/**
 * What a re-crawl alarm does for its site, with the browser passed in (so
 * the rule is tested with a fake): nothing without host access — the
 * background never prompts, it records why — nothing while that site's
 * crawl runs, else a crawl started like the popup's Start. Each run is
 * recorded (extension/crawl-items.ts `watch.run.<origin>`) before the crawl
 * starts, so the crawl's end knows the schedule started it.
 */
import type { OkOrError } from '../lib/protocol/messages.ts';
import type { ScheduledRun, ScheduledRunOutcome } from './crawl-items.ts';

export interface ScheduledCrawlPorts {
  hasHostAccess(origin: string): Promise<boolean>;
  isRunning(origin: string): boolean;
  start(origin: string): Promise<OkOrError>;
  record(origin: string, run: ScheduledRun): Promise<void>;
  nowMs(): number;
}

export async function runScheduledCrawl(
  origin: string,
  ports: ScheduledCrawlPorts,
): Promise<ScheduledRunOutcome> {
  const atMs = ports.nowMs();
  const finish = async (outcome: ScheduledRunOutcome) => {
    await ports.record(origin, { atMs, outcome });
    return outcome;
  };
  if (!(await ports.hasHostAccess(origin))) return finish({ kind: 'no-access' });
  if (ports.isRunning(origin)) return finish({ kind: 'busy' });
  await finish({ kind: 'started' });
  const started = await ports.start(origin).catch((error: unknown): OkOrError => ({
    ok: false,
    error: error instanceof Error ? error.message : String(error),
  }));
  return started.ok ? { kind: 'started' } : finish({ kind: 'failed', error: started.error });
}
