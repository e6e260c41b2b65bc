/**
 * Every parser event of a page as plain data, with where it starts, so two
 * event sources (htmlparser2's Parser and lib/links/html-events.ts) can be
 * compared with one deep equality. Attributes are limited to those the
 * readers use (READ_ATTRIBUTES): the Parser builds all, html-events only those.
 */
import type { HtmlEventSource } from '../../lib/links/html-events.ts';
import { READ_ATTRIBUTES, type HtmlEventStream } from '../../lib/links/scan-html.ts';

export type LoggedEvent =
  | ['open', string, Record<string, string>, number]
  | ['close', string, number]
  | ['text', string, number];

export function eventLog(html: string, stream: HtmlEventStream): LoggedEvent[] {
  const events: LoggedEvent[] = [];
  let source: HtmlEventSource | null = null;
  const at = (): number => source?.startIndex ?? -1;
  stream(
    html,
    {
      onopentag: (name, attributes) =>
        events.push(['open', name, readOnly(name, attributes), at()]),
      onclosetag: (name) => events.push(['close', name, at()]),
      ontext: (text) => events.push(['text', text, at()]),
    },
    READ_ATTRIBUTES,
    (started) => {
      source = started;
    },
  );
  return events;
}

function readOnly(element: string, attributes: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (READ_ATTRIBUTES.keeps(element, name)) kept[name] = value;
  }
  return kept;
}
