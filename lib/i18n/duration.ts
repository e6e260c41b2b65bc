/**
 * Durations in words, as phrases each surface words in its reader's language.
 * One formatter; what the duration is chooses its range and precision:
 * - `wait` (a Retry-After, a pause): `45 s`, `20 min`, `12 days`, `7,974 years`
 *   (a hostile Retry-After can be anything);
 * - `limit` (a time limit): to the tenth of a second below two minutes
 *   (`3 s`, `1.5 s`), then as a wait (`2 min`);
 * - `elapsed` (a crawl's running time): `850 ms`, `42 s`, `3 min 5 s`, `2 h 10 min`;
 * - `lifetime` (how long a cached answer lasts), to the minute: `5 min`, `2 h`, `1 h 30 min`.
 */
import { phrase, type Phrase } from './phrase.ts';

export type DurationStyle = 'wait' | 'limit' | 'elapsed' | 'lifetime';

type UnitKey = 'unit_seconds' | 'unit_minutes' | 'unit_hours' | 'unit_days';

const WAIT_UNITS: readonly [limitS: number, sizeS: number, key: UnitKey][] = [
  [120, 1, 'unit_seconds'],
  [2 * 3600, 60, 'unit_minutes'],
  [2 * 86_400, 3600, 'unit_hours'],
  [2 * 365 * 86_400, 86_400, 'unit_days'],
];

/** `ms` in words, in the range and precision `style` names. */
export function durationPhrase(ms: number, style: DurationStyle): Phrase {
  switch (style) {
    case 'wait':
      return wait(ms);
    case 'limit':
      return ms < 120_000 ? phrase('unit_seconds', { count: Math.round(ms / 100) / 10 }) : wait(ms);
    case 'elapsed':
      return elapsed(ms);
    case 'lifetime':
      return lifetime(ms);
    default:
      return style satisfies never;
  }
}

function wait(ms: number): Phrase {
  const seconds = ms / 1000;
  for (const [limit, size, key] of WAIT_UNITS)
    if (seconds < limit) return phrase(key, { count: Math.round(seconds / size) });
  return phrase('unit_years', { count: Math.round(seconds / (365.25 * 86_400)) });
}

function elapsed(ms: number): Phrase {
  if (ms < 1000) return phrase('unit_ms', { count: Math.round(ms) });
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return phrase('unit_seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return phrase('unit_min_s', { minutes, seconds: seconds % 60 });
  return phrase('unit_h_min', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

function lifetime(ms: number): Phrase {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return phrase('unit_minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0
    ? phrase('unit_hours', { count: hours })
    : phrase('unit_h_min', { hours, minutes: minutes % 60 });
}
