/**
 * Chromium's own account of its processes' memory (memory-infra): a memory
 * dump through DevTools' Tracing domain, with each process's allocators —
 * V8's heaps, Blink's (blink_gc), PartitionAlloc, malloc, … — where `ps`
 * only gives a total. The benches pick the extension's process by its pid.
 */
import type { BrowserContext, Page } from '@playwright/test';

interface TraceEvent {
  ph: string;
  pid: number;
  args?: {
    dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string }> }> };
  };
}

/**
 * Each process's top-level allocators, MB, with its pid. `collect`: the
 * dump is taken after a full garbage collection in every process
 * (DevTools' "deterministic" dump): what is live, not what waits.
 */
export async function allocatorsMb(
  context: BrowserContext,
  page: Page,
  collect: boolean,
): Promise<Record<string, number>[]> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['disabled-by-default-memory-infra', '__metadata'],
      excludedCategories: ['*'],
    },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Tracing.requestMemoryDump', {
    deterministic: collect,
    levelOfDetail: 'detailed',
  });
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach().catch(() => undefined);
  const byProcess: Record<string, number>[] = [];
  for (const event of events) {
    const allocators = event.args?.dumps?.allocators;
    if (event.ph !== 'v' || !allocators) continue;
    const sizes: Record<string, number> = { pid: event.pid };
    for (const [name, dump] of Object.entries(allocators)) {
      // Top-level allocators only: `v8`, not `v8/main/heap/old_space`.
      if (name.includes('/')) continue;
      const size = dump.attrs?.size?.value;
      if (size) sizes[name] = Math.round(Number.parseInt(size, 16) / 1048576);
    }
    byProcess.push(sizes);
  }
  return byProcess;
}
