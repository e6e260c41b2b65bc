/**
 * `Retry-After` (RFC 9110 §10.2.3), sent with 429 and 503: how long to
 * leave the origin alone. The value is delta-seconds or an HTTP-date, and
 * RFC 9110 §5.6.7 asks recipients to read all three date forms:
 *
 *   IMF-fixdate  Sun, 06 Nov 1994 08:49:37 GMT
 *   RFC 850      Sunday, 06-Nov-94 08:49:37 GMT
 *   asctime      Sun Nov  6 08:49:37 1994
 *
 * `Date.parse` is not used: what it accepts beyond ISO differs between
 * engines, and the crawl must wait the same in the service worker and Node.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

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

/** delta-seconds is digits only (RFC 9110): no sign, no fraction. */
const DELTA_SECONDS = /^\d+$/;

interface DateFields {
  year: number;
  /** 0-based, as Date.UTC takes it. */
  monthIndex: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wait a `Retry-After` value asks for, in ms from `nowMs`: 0 for a date
 * already past, null when the header is absent or unreadable (the caller
 * then uses its own backoff). Huge values are capped at
 * `Number.MAX_SAFE_INTEGER`, so the result is always finite.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  const dateMs = parseHttpDate(text, nowMs);
  return dateMs === null ? null : Math.max(0, dateMs - nowMs);
}

/** An HTTP-date in any of its three forms, as epoch ms; null when it is none of them. */
export function parseHttpDate(text: string, nowMs: number): number | null {
  const fields = matchHttpDate(text, nowMs);
  return fields === null ? null : toEpochMs(fields);
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
  const monthIndex = MONTHS.indexOf((month ?? '').toLowerCase());
  if (monthIndex < 0) return null;
  return {
    year: Number(year),
    monthIndex,
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

/** Epoch ms, or null for a date that does not exist (31 Feb, 25:00). */
function toEpochMs(f: DateFields): number | null {
  if (f.hour > 23 || f.minute > 59 || f.second > 60) return null;
  // A leap second (:60) is read as :59, so it cannot roll the date over.
  const ms = Date.UTC(f.year, f.monthIndex, f.day, f.hour, f.minute, Math.min(f.second, 59));
  const date = new Date(ms);
  // Date.UTC rolls an impossible day over into the next month: refuse it instead.
  if (date.getUTCMonth() !== f.monthIndex || date.getUTCDate() !== f.day) return null;
  return ms;
}
