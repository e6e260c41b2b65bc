/** A live progress line on a terminal's stderr; silent when stderr is not a terminal. */
import type { CrawlEvent } from '../lib/crawl/types.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import { terminalSafe } from './format/terminal-safe.ts';

export function progressPrinter(
  { t, number }: Translator,
  stream: NodeJS.WriteStream = process.stderr,
): {
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
      const rate = number(event.ratePerSecond, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
      const line = t('cli_progress', {
        done: s.done,
        queued: s.queued,
        in_flight: s.inFlight,
        broken: s.broken,
        rate,
        url: event.currentUrl ?? '',
      });
      clear();
      stream.write(terminalSafe(line).slice(0, width()));
    },
  };
}
