/** A live progress line on a terminal's stderr; silent when stderr is not a terminal. */
import type { CrawlEvent } from '../lib/crawl/types.ts';
import { terminalSafe } from './format/terminal-safe.ts';

export function progressPrinter(stream: NodeJS.WriteStream = process.stderr): {
  onEvent: (event: CrawlEvent) => void;
  clear: () => void;
} {
  if (!stream.isTTY) return { onEvent: () => {}, clear: () => {} };
  const width = () => Math.max(40, (stream.columns ?? 100) - 1);
  const clear = () => stream.write('\r\u001b[2K');
  return {
    clear,
    onEvent: (event) => {
      if (event.type !== 'progress') return;
      const s = event.stats;
      const line = `${s.done} done, ${s.queued} queued, ${s.inFlight} in flight, ${s.broken} broken — ${event.ratePerSecond.toFixed(1)}/s ${event.currentUrl ?? ''}`;
      clear();
      stream.write(terminalSafe(line).slice(0, width()));
    },
  };
}
