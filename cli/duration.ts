/**
 * Durations on the command line, one style for every option: a number and
 * a unit — `500ms`, `15s`, `2m`, `1h` — where a number alone is
 * milliseconds (what `--delay-ms`, `--timeout` and `--max-duration` took
 * before, so old command lines keep their meaning).
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, min: 60_000, h: 3_600_000 };
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|min|m|h)?$/i;

/** Milliseconds, or null when `text` is not a whole number of milliseconds with a known unit. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? 'ms').toLowerCase()]!;
  return Number.isSafeInteger(ms) ? ms : null;
}

/** The shortest exact spelling: 50ms, 15s, 30m, 2h; 0 for none. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0';
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1_000],
  ] as const)
    if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}
