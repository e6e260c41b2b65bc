/** "Changes since <date>": a crawl's start as an ISO date-time in UTC, to the second. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
