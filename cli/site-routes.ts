/**
 * Which Answer a request gets from a site.json: the route for its path, then
 * the route's `sequence` step, then its `methods` override.
 */
import { BODY_SOURCES, type Answer, type RouteSpec, type SiteConfig } from './site-config.ts';

/** The route for a decoded path: the exact one, else the longest matching prefix. */
export function findRoute(config: SiteConfig, pathname: string): RouteSpec {
  const exact = config.routes?.[pathname];
  if (exact) return exact;
  let best: [string, RouteSpec] | undefined;
  for (const entry of Object.entries(config.prefixes ?? {}))
    if (pathname.startsWith(entry[0]) && entry[0].length > (best?.[0].length ?? -1)) best = entry;
  return best?.[1] ?? {};
}

/** How many requests to each path came before, for routes with a `sequence`. */
export class SequenceCounters {
  private counts = new Map<string, number>();

  /** How many requests to this path came before this one (0 for the first). */
  next(pathname: string): number {
    const count = this.counts.get(pathname) ?? 0;
    this.counts.set(pathname, count + 1);
    return count;
  }

  reset(): void {
    this.counts.clear();
  }
}

/** The answer for this request: the route, then its sequence step, then its method override. */
export function chooseAnswer(
  route: RouteSpec,
  pathname: string,
  method: string,
  sequences: SequenceCounters,
): Answer {
  const { sequence, methods, ...base } = route;
  let chosen: Answer = base;
  // Only paths with a sequence are counted, so other requests never shift its steps.
  if (sequence) {
    const index = Math.min(sequences.next(pathname), sequence.length - 1);
    chosen = overlay(chosen, sequence[index] ?? {});
  }
  const override = methods?.[method];
  return override ? overlay(chosen, override) : chosen;
}

/** `top` over `base`; headers merge by name; a body source in `top` replaces any in `base`. */
function overlay(base: Answer, top: Answer): Answer {
  const merged: Answer = { ...base, ...top };
  if (BODY_SOURCES.some((key) => top[key] !== undefined))
    for (const key of BODY_SOURCES) if (top[key] === undefined) delete merged[key];
  const headers = new Map<string, [string, string | string[]]>();
  for (const [name, value] of [
    ...Object.entries(base.headers ?? {}),
    ...Object.entries(top.headers ?? {}),
  ])
    headers.set(name.toLowerCase(), [name, value]);
  merged.headers = Object.fromEntries(headers.values());
  return merged;
}
