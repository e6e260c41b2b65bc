/**
 * HTTP-dates (RFC 9110 §5.6.7), for `Retry-After` and anything else that
 * carries one, and the calendar arithmetic the robots `unavailable_after`
 * reader shares. Recipients read all three forms:
 *
 *   IMF-fixdate  Sun, 06 Nov 1994 08:49:37 GMT
 *   RFC 850      Sunday, 06-Nov-94 08:49:37 GMT
 *   asctime      Sun Nov  6 08:49:37 1994
 *
 * `Date.parse` is not used: what it accepts beyond ISO differs between
 * engines, and the crawl must read a date the same in the service worker and Node.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** 0-based month of an English month name or its first three letters (`Nov`, `november`); -1 for none. */
export function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
}

const DAY_NAME = String.raw`(?:mon|tue|wed|thu|fri|sat|sun)`;
const LONG_DAY_NAME = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`;
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`;
const TIME = String.raw`(\d{2}):(\d{2}):(\d{2})`;

const IMF_FIXDATE = new RegExp(
  String.raw`^${DAY_NAME},\s+(\d{2})\s+${MONTH}\s+(\d{4})\s+${TIME}\s+GMT$`,
  'i',
);
const RFC_850 = new RegExp(
  String.raw`^${LONG_DAY_NAME},\s+(\d{2})-${MONTH}-(\d{2})\s+${TIME}\s+GMT$`,
  'i',
);
/** The day is space-padded (`Nov  6`); some servers write `Nov 06`. */
const ASCTIME = new RegExp(
  String.raw`^${DAY_NAME}\s+${MONTH}\s+(\d{1,2})\s+${TIME}\s+(\d{4})$`,
  'i',
);

/** A calendar date and time of day, in UTC. */
export interface DateFields {
  year: number;
  /** 0-based, as Date.UTC takes it. */
  monthIndex: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** An HTTP-date in any of its three forms, as epoch ms; null when it is none of them. */
export function parseHttpDate(text: string, nowMs: number): number | null {
  const fields = matchHttpDate(text, nowMs);
  return fields === null ? null : toEpochMs(fields, 'read-as-59');
}

function matchHttpDate(text: string, nowMs: number): DateFields | null {
  let m = IMF_FIXDATE.exec(text);
  if (m) {
    const [, day, month, year, hour, minute, second] = m;
    return fields(year, month, day, hour, minute, second);
  }
  m = RFC_850.exec(text);
  if (m) {
    const [, day, month, year, hour, minute, second] = m;
    const parsed = fields(year, month, day, hour, minute, second);
    return parsed && { ...parsed, year: fullYear(parsed.year, nowMs) };
  }
  m = ASCTIME.exec(text);
  if (m) {
    const [, month, day, hour, minute, second, year] = m;
    return fields(year, month, day, hour, minute, second);
  }
  return null;
}

function fields(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
): DateFields | null {
  const index = MONTHS.indexOf((month ?? '').toLowerCase());
  if (index < 0) return null;
  return {
    year: Number(year),
    monthIndex: index,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
}

/**
 * RFC 850 years have two digits. RFC 9110 §5.6.7: a year that appears more
 * than 50 years in the future is the most recent past year with the same
 * last two digits. So the year is the one with those digits in the century
 * that ends 50 years from now.
 */
function fullYear(twoDigitYear: number, nowMs: number): number {
  const nowYear = new Date(nowMs).getUTCFullYear();
  const year = nowYear - (nowYear % 100) + twoDigitYear;
  if (year > nowYear + 50) return year - 100;
  if (year <= nowYear - 50) return year + 100;
  return year;
}

/**
 * Epoch ms, or null for a date that does not exist (31 Feb, 25:00, :61).
 * A leap second (:60) is read as :59 when `leapSecond` allows it (HTTP-dates
 * may carry one), so it cannot roll the date over.
 */
export function toEpochMs(f: DateFields, leapSecond: 'read-as-59' | 'refused'): number | null {
  const second = leapSecond === 'read-as-59' && f.second === 60 ? 59 : f.second;
  if (f.hour > 23 || f.minute > 59 || second > 59) return null;
  const ms = Date.UTC(f.year, f.monthIndex, f.day, f.hour, f.minute, second);
  const date = new Date(ms);
  // Date.UTC rolls an impossible day over into the next month: refuse it instead.
  if (date.getUTCMonth() !== f.monthIndex || date.getUTCDate() !== f.day) return null;
  return ms;
}
