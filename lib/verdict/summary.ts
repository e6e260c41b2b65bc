/** The verdict in one sentence, led by its main reason. */
import type { Reason, ReasonCode } from './types.ts';

export function summarise(robot: string, reasons: readonly Reason[]): string {
  const blocking = reasons.filter((r) => r.blocking);
  const first = blocking[0];
  if (first === undefined) {
    const notes = reasons.length;
    return notes === 0
      ? `Indexable by ${robot}: nothing blocks it.`
      : `Indexable by ${robot}: nothing blocks it (${notes} ${notes === 1 ? 'note' : 'notes'} to review).`;
  }
  const more = blocking.length - 1;
  const tail =
    more === 0 ? '' : ` (and ${more} more blocking ${more === 1 ? 'reason' : 'reasons'})`;
  return `Not indexable by ${robot}: ${headline(first)}${tail}.`;
}

function headline(reason: Reason): string {
  const code: ReasonCode = reason.code;
  switch (code) {
    case 'robots-txt':
      return `robots.txt disallows fetching it (${reason.source})`;
    case 'meta-robots':
      return `a robots META tag says noindex (${reason.source})`;
    case 'x-robots-tag':
      return `the X-Robots-Tag header says noindex (${reason.source})`;
    case 'http-status':
      return reason.source.startsWith('HTTP ')
        ? `the server answered ${reason.source}`
        : `the page could not be fetched (${reason.source})`;
    case 'unavailable-after':
      return `its unavailable_after date has passed (${reason.source})`;
    default:
      // Notes never block; should one ever do, its own words still explain it.
      return reason.detail;
  }
}
