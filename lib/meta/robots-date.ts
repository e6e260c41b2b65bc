/**
 * Dates in `unavailable_after`. Google accepts "all widely adopted formats,
 * such as RFC 822, RFC 850 and ISO 8601", and its own examples use US zone
 * names (`25 Jun 2010 15:00:00 PST`). `Date.parse` is not used: what it
 * accepts beyond ISO differs between engines, and the verdict must be the
 * same in the service worker, Node and tests. The calendar check (no 31 Feb)
 * is the HTTP-date reader's (lib/http/http-date.ts).
 */

import { monthIndex, toEpochMs } from '../http/http-date.ts';

/** Offsets in minutes east of UTC for the zone names RFC 822 defines (and UTC). */
const ZONE_OFFSET_MIN: Readonly<Record<string, number>> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

const WEEKDAY = String.raw`(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?`;
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?`;
const ZONE = String.raw`([a-z]{1,3}|[+-]\d{2}:?\d{2})`;

/** `2020-09-21`, `2020-09-21T15:00:00Z`, `2020-09-21 15:00+02:00`. */
const ISO_8601 = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:[t ]${TIME}\s*${ZONE}?)?$`, 'i');
/** RFC 822/1123 `Sun, 06 Nov 1994 08:49:37 GMT` and RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`. */
const DAY_MONTH_YEAR = new RegExp(
  String.raw`^(?:${WEEKDAY}\s*,?\s*)?(\d{1,2})[\s-]+${MONTH}[\s-]+(\d{4}|\d{2})(?:\s+${TIME})?(?:\s*${ZONE})?$`,
  'i',
);
/** US order, as people write it by hand: `June 25, 2010 15:00 PST`. */
const MONTH_DAY_YEAR = new RegExp(
  String.raw`^(?:${WEEKDAY}\s*,?\s*)?${MONTH}\s+(\d{1,2}),?\s+(\d{4})(?:\s+${TIME})?(?:\s*${ZONE})?$`,
  'i',
);
/** ANSI C `asctime()`: `Sun Nov  6 08:49:37 1994` (always UTC). */
const ASCTIME = new RegExp(
  String.raw`^${WEEKDAY}\s+${MONTH}\s+(\d{1,2})\s+${TIME}\s+(\d{4})$`,
  'i',
);

/**
 * Longer text is no date: the longest real one, `Wednesday, 25 September 2010
 * 15:00:00.000 +02:00`, has 48 characters.
 */
const MAX_DATE_CHARS = 100;

interface DateParts {
  year: string;
  month: string;
  day: string;
  hour?: string | undefined;
  minute?: string | undefined;
  second?: string | undefined;
  zone?: string | undefined;
}

/**
 * Parses an `unavailable_after` date to epoch milliseconds, or null when it
 * is not a date robots would understand (they then ignore the directive).
 * A date without a time zone is read as UTC.
 */
export function parseRobotsDate(text: string): number | null {
  const trimmed = text.trim();
  // The patterns below backtrack in time quadratic in a long run of spaces or letters.
  if (trimmed.length > MAX_DATE_CHARS) return null;
  const parts = matchDateParts(trimmed);
  return parts === null ? null : partsToMs(parts);
}

function matchDateParts(text: string): DateParts | null {
  let m = ISO_8601.exec(text);
  if (m) {
    const [, year = '', month = '', day = '', hour, minute, second, zone] = m;
    return { year, month, day, hour, minute, second, zone };
  }
  m = DAY_MONTH_YEAR.exec(text);
  if (m) {
    const [, day = '', monthName = '', year = '', hour, minute, second, zone] = m;
    return { year, month: monthNumber(monthName), day, hour, minute, second, zone };
  }
  m = MONTH_DAY_YEAR.exec(text);
  if (m) {
    const [, monthName = '', day = '', year = '', hour, minute, second, zone] = m;
    return { year, month: monthNumber(monthName), day, hour, minute, second, zone };
  }
  m = ASCTIME.exec(text);
  if (m) {
    const [, monthName = '', day = '', hour, minute, second, year = ''] = m;
    return { year, month: monthNumber(monthName), day, hour, minute, second };
  }
  return null;
}

function monthNumber(name: string): string {
  return String(monthIndex(name) + 1);
}

function partsToMs(parts: DateParts): number | null {
  const offsetMin = zoneOffsetMinutes(parts.zone);
  if (offsetMin === null) return null;
  const localMs = toEpochMs(
    {
      year: fixedCenturyYear(Number(parts.year), parts.year.length),
      monthIndex: Number(parts.month) - 1,
      day: Number(parts.day),
      hour: Number(parts.hour ?? 0),
      minute: Number(parts.minute ?? 0),
      second: Number(parts.second ?? 0),
    },
    'refused',
  );
  return localMs === null ? null : localMs - offsetMin * 60_000;
}

/**
 * RFC 850 and RFC 822 allow two-digit years; RFC 5322 §4.3 says 00–49 are
 * 20xx (a fixed rule, unlike HTTP's 50-years-ahead window: the verdict
 * reads a page's date the same whenever it is asked).
 */
function fixedCenturyYear(year: number, digits: number): number {
  if (digits > 2) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

/** Minutes east of UTC; null for a zone we cannot place (so the date is unreadable). */
function zoneOffsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined) return 0;
  const named = ZONE_OFFSET_MIN[zone.toLowerCase()];
  if (named !== undefined) return named;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return null;
  const [, sign, hh = '0', mm = '0'] = m;
  const minutes = Number(hh) * 60 + Number(mm);
  return sign === '-' ? -minutes : minutes;
}
