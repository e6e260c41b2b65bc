/**
 * The fixture server's record of what it was asked: every request with its
 * start and end time and status, the requests in flight now, and the peaks,
 * so tests can assert politeness and what was *not* fetched.
 */
import type http from 'node:http';

export interface LoggedRequest {
  method: string;
  /** The request target as sent (path and query, not decoded). */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** Epoch milliseconds (fractional) when the request arrived. */
  startedAtMs: number;
  /** When the response finished or the socket closed; absent while in flight. */
  endedAtMs?: number;
  /** The status sent; absent when no response was started (a hang). */
  status?: number;
  /** The socket closed before the response finished (client gave up, or the server closed). */
  aborted?: boolean;
  /** Requests in flight when this one arrived, itself included. */
  inFlight: number;
}

/** The request log, the in-flight set and its peaks. */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  readonly active = new Set<LoggedRequest>();
  peak = 0;
  /** For each logged request, the paths in flight when it arrived (itself included). */
  private snapshots: string[][] = [];

  start(req: http.IncomingMessage): LoggedRequest {
    const entry: LoggedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      startedAtMs: nowMs(),
      inFlight: this.active.size + 1,
    };
    this.active.add(entry);
    this.entries.push(entry);
    this.snapshots.push([...this.active].map((e) => rawPathname(e.url)));
    this.peak = Math.max(this.peak, this.active.size);
    return entry;
  }

  /** Called on both 'finish' and 'close'; only the first call counts. */
  end(entry: LoggedRequest, res: http.ServerResponse): void {
    if (entry.endedAtMs !== undefined) return;
    entry.endedAtMs = nowMs();
    if (res.headersSent) entry.status = res.statusCode;
    if (!res.writableFinished) entry.aborted = true;
    this.active.delete(entry);
  }

  /** The server closed: whatever is still in flight was cut off. */
  endAll(): void {
    for (const entry of this.active) {
      entry.endedAtMs = nowMs();
      entry.aborted = true;
    }
    this.active.clear();
  }

  peakUnder(prefix: string): number {
    let peak = 0;
    this.entries.forEach((entry, i) => {
      if (!rawPathname(entry.url).startsWith(prefix)) return;
      const under = this.snapshots[i]?.filter((p) => p.startsWith(prefix)).length ?? 0;
      peak = Math.max(peak, under);
    });
    return peak;
  }

  /** Empty the log; the peak restarts from what is in flight now. */
  reset(): void {
    this.entries.length = 0;
    this.snapshots = [];
    this.peak = this.active.size;
  }
}

function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

function rawPathname(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}
