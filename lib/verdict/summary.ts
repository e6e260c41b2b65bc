/** The verdict in one sentence, led by its main reason. */
import type { MessageValue } from '../i18n/catalog.ts';
import { counted, phrase, type Phrase } from '../i18n/phrase.ts';
import { isServedNoindexRemoved } from './raw-rendered-reasons.ts';
import type { Reason, ReasonCode } from './types.ts';

export function summarize(robot: MessageValue, reasons: readonly Reason[]): { summary: Phrase } {
  const blocking = reasons.filter((r) => r.blocking);
  const first = blocking[0];
  const made =
    first === undefined
      ? indexableSummary(robot, reasons)
      : blocking.length === 1
        ? phrase('summary_not_indexable', { robot, why: headline(first) })
        : phrase('summary_not_indexable_more', {
            robot,
            why: headline(first),
            more: counted('count_more_reasons', blocking.length - 1),
          });
  return { summary: made };
}

function indexableSummary(robot: MessageValue, reasons: readonly Reason[]): Phrase {
  if (reasons.length === 0) return phrase('summary_indexable', { robot });
  const notes = counted('count_notes', reasons.length);
  // Indexable only as rendered: the served HTML a robot reads first says otherwise.
  return reasons.some(isServedNoindexRemoved)
    ? phrase('summary_indexable_served_noindex', { robot, notes })
    : phrase('summary_indexable_notes', { robot, notes });
}

function headline(reason: Reason): Phrase {
  const code: ReasonCode = reason.code;
  const source = reason.source;
  switch (code) {
    case 'robots-txt':
      return phrase('headline_robots_txt', { source });
    case 'meta-robots':
      return phrase('headline_meta_robots', { source });
    case 'x-robots-tag':
      return phrase('headline_x_robots_tag', { source });
    case 'http-status':
      return typeof source === 'string'
        ? phrase('headline_http_status', { source })
        : phrase('headline_unreachable', { source });
    case 'unavailable-after':
      return phrase('headline_unavailable_after', { source });
    default:
      // Notes never block; should one ever do, its own words still explain it.
      return reason.detail;
  }
}
