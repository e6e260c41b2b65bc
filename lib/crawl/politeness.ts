/**
 * Politeness (spec §3, "no rapid fire"; §7): when a request may start. It
 * queues no URLs (the frontier is the crawl's only queue: dispatch.ts takes
 * from it); it answers two questions, with slots it counts:
 *
 *   nextStart(nowMs, origins)  the loop: which origin with waiting URLs may
 *                              begin a visit now → { origin } (then reserve()
 *                              it a slot), else when to ask again →
 *                              { wakeAtMs }, else { idle }: only a request
 *                              that ends frees a slot (onChange says so)
 *   acquire(origin, slot?)     before each request (robots.txt, the URL, each
 *                              redirect hop, each retry): resolves with a slot
 *                              once the request may start; release() it after
 *
 * A request to an origin may start when
 *   - fewer than `concurrencyPerOrigin` slots of the origin are held;
 *   - fewer slots than its lane allows are held over the lane's origins: the
 *     site's own (`concurrency`) and other sites' (EXTERNAL_CONCURRENCY_FACTOR
 *     times that), so off-site checks hanging on DNS never hold up the site's
 *     pages, and thousands of pages never starve the off-site checks;
 *   - the origin's delay has passed since its last request *started* (the
 *     larger of `delayMs` and its robots.txt Crawl-delay: setOriginDelay);
 *   - and the origin is not paused (429/503 with Retry-After: pauseOrigin;
 *     a pause is only ever extended).
 *
 * Invariants:
 *   - held slots never exceed either limit; a slot is held from reserve() or
 *     acquire() until release(), which may be called more than once;
 *   - a visit holds its reserved slot before its first request, so the loop
 *     never takes more URLs than there are slots; that request passes the
 *     slot to acquire() and waits for time only; a visit that asks nothing
 *     (robots.txt forbids the URL) releases it unused: no delay is spent;
 *   - requests of visits under way go before new visits: nextStart skips an
 *     origin while a request of it waits; among waiting requests, the oldest
 *     that may start goes first;
 *   - a timer and an abort listener (the run's signal rejects every waiting
 *     request) are held only while a request waits: an idle policy holds
 *     nothing, so a service worker can go idle and Node can exit.
 */
import { SLEEP_CANCELLED, type Clock } from './clock.ts';

export type Lane = 'site' | 'external';

/** The off-site lane's slots, as a multiple of `concurrency`. */
export const EXTERNAL_CONCURRENCY_FACTOR = 2;

export interface PolitenessOptions {
  /** Requests at once over the origins of the site's lane (the off-site lane has more, see above). */
  concurrency: number;
  /** Requests at once for one origin. */
  concurrencyPerOrigin: number;
  /** Least time between two request starts for one origin. */
  delayMs: number;
  clock: Clock;
  /** The lane of an origin; without it every origin is in the site's lane. */
  laneOf?: (origin: string) => Lane;
  /** When it aborts, every waiting acquire() rejects with its reason. */
  signal?: AbortSignal;
}

export type NextStart = { origin: string } | { wakeAtMs: number } | { idle: true };

export interface PolitenessStats {
  /** Slots held: requests running, and visits' reserved slots. */
  held: number;
  /** acquire() calls not yet granted. */
  waiting: number;
  /** The most slots seen held at once (for tests and progress). */
  maxHeldSeen: number;
}

interface LaneState {
  readonly concurrency: number;
  held: number;
}

interface OriginState {
  readonly origin: string;
  readonly lane: LaneState;
  held: number;
  waiting: number;
  /** Slots reserved for visits whose first request has not asked yet. */
  spare: number;
  maxHeldSeen: number;
  lastStartMs: number;
  /** robots.txt Crawl-delay; the default delay still applies when larger. */
  delayMs: number;
  pausedUntilMs: number;
}

interface Waiter {
  readonly state: OriginState;
  /** The visit's reserved slot, when this is its first request: it waits for time only. */
  readonly reserved: Slot | null;
  resolve(slot: Slot): void;
  reject(reason: unknown): void;
}

/** A held slot of one origin. */
export class Slot {
  #released = false;
  /** Reserved for a visit and not yet passed to acquire(). */
  #spare: boolean;

  constructor(
    readonly origin: string,
    private readonly free: (spare: boolean) => void,
    spare: boolean,
  ) {
    this.#spare = spare;
  }

  /** Frees the slot (once; later calls do nothing). */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.free(this.#spare);
  }

  /** Claims a reserved slot for the request to `origin`: true once, if it is that origin's. */
  claim(origin: string): boolean {
    if (!this.#spare || this.#released || origin !== this.origin) return false;
    this.#spare = false;
    return true;
  }
}

const IDLE = { idle: true } as const;

export class Politeness {
  /** Called after a slot frees or a delay or pause changes: an origin may start sooner. */
  onChange: () => void = () => {};

  readonly #perOrigin: number;
  readonly #delayMs: number;
  readonly #clock: Clock;
  readonly #signal: AbortSignal | undefined;
  readonly #laneOf: (origin: string) => Lane;
  readonly #lanes: Record<Lane, LaneState>;
  readonly #origins = new Map<string, OriginState>();
  #waiters: Waiter[] = [];
  #timer: { wakeAtMs: number; controller: AbortController } | null = null;
  #listening = false;
  #maxHeldSeen = 0;

  constructor(options: PolitenessOptions) {
    const concurrency = atLeastOne(options.concurrency);
    this.#perOrigin = atLeastOne(options.concurrencyPerOrigin);
    this.#delayMs = Math.max(0, options.delayMs);
    this.#clock = options.clock;
    this.#signal = options.signal;
    this.#laneOf = options.laneOf ?? (() => 'site');
    this.#lanes = {
      site: { concurrency, held: 0 },
      // Off-site checks spread over many hosts, each still limited per origin; most wait on DNS or a timeout.
      external: { concurrency: concurrency * EXTERNAL_CONCURRENCY_FACTOR, held: 0 },
    };
  }

  /** The first of `origins` (the frontier's, in turn order) that may begin a visit now, or when to ask again. */
  nextStart(nowMs: number, origins: Iterable<string>): NextStart {
    let wakeAtMs = Infinity;
    for (const origin of origins) {
      const state = this.#state(origin);
      // Requests of visits under way go first; with a delay, one visit at a time waits to begin.
      if (state.waiting > 0 || (state.spare > 0 && this.originDelayMs(origin) > 0)) continue;
      const readyAtMs = this.#readyAtMs(state, false);
      if (readyAtMs <= nowMs) return { origin };
      wakeAtMs = Math.min(wakeAtMs, readyAtMs);
    }
    return wakeAtMs === Infinity ? IDLE : { wakeAtMs };
  }

  /** Holds a slot for a visit to `origin` that nextStart let begin; its first request passes it to acquire(). */
  reserve(origin: string): Slot {
    const state = this.#state(origin);
    this.#hold(state);
    state.spare++;
    return new Slot(origin, (spare) => this.#free(state, spare), true);
  }

  /**
   * Resolves with a held slot when a request to `origin` may start (at once
   * when it may now). With the visit's `reserved` slot, unused and of the
   * same origin, it waits for the origin's delay or pause only.
   */
  acquire(origin: string, reserved?: Slot): Promise<Slot> {
    if (this.#signal?.aborted) return Promise.reject(this.#signal.reason);
    const state = this.#state(origin);
    const mine = reserved?.claim(origin) ? reserved : null;
    if (mine) state.spare--;
    return new Promise<Slot>((resolve, reject) => {
      state.waiting++;
      this.#waiters.push({ state, reserved: mine, resolve, reject });
      this.#grant();
      // The visit's first request has asked: the loop may take the origin's next URL.
      if (mine) this.onChange();
    });
  }

  /** Sets the origin's own delay (robots.txt Crawl-delay); the default still applies when larger. */
  setOriginDelay(origin: string, delayMs: number): void {
    this.#state(origin).delayMs = Math.max(0, delayMs);
    this.#changed();
  }

  /** No new request to the origin starts before `untilMs` (the clock's time); running ones go on. */
  pauseOrigin(origin: string, untilMs: number): void {
    const state = this.#state(origin);
    state.pausedUntilMs = Math.max(state.pausedUntilMs, untilMs);
    this.#changed();
  }

  /** The delay in force between starts to `origin`. */
  originDelayMs(origin: string): number {
    return Math.max(this.#delayMs, this.#origins.get(origin)?.delayMs ?? 0);
  }

  /** Counts for one origin, or for all when `origin` is left out. */
  stats(origin?: string): PolitenessStats {
    if (origin === undefined) {
      const { site, external } = this.#lanes;
      const held = site.held + external.held;
      return { held, waiting: this.#waiters.length, maxHeldSeen: this.#maxHeldSeen };
    }
    const state = this.#origins.get(origin);
    if (state === undefined) return { held: 0, waiting: 0, maxHeldSeen: 0 };
    return { held: state.held, waiting: state.waiting, maxHeldSeen: state.maxHeldSeen };
  }

  /** True when no slot is held and no request waits (and so no timer or listener is held). */
  get idle(): boolean {
    const { site, external } = this.#lanes;
    return site.held + external.held === 0 && this.#waiters.length === 0;
  }

  #state(origin: string): OriginState {
    let state = this.#origins.get(origin);
    if (state === undefined) {
      state = {
        origin,
        lane: this.#lanes[this.#laneOf(origin)],
        held: 0,
        waiting: 0,
        spare: 0,
        maxHeldSeen: 0,
        lastStartMs: -Infinity,
        delayMs: 0,
        pausedUntilMs: -Infinity,
      };
      this.#origins.set(origin, state);
    }
    return state;
  }

  /** When a request to the origin may start: Infinity while its slots (or, without one held, its lane's) are taken. */
  #readyAtMs(state: OriginState, holdsSlot: boolean): number {
    if (!holdsSlot && (state.held >= this.#perOrigin || state.lane.held >= state.lane.concurrency))
      return Infinity;
    const delayMs = Math.max(this.#delayMs, state.delayMs);
    return Math.max(state.lastStartMs + delayMs, state.pausedUntilMs);
  }

  #hold(state: OriginState): void {
    state.held++;
    state.lane.held++;
    state.maxHeldSeen = Math.max(state.maxHeldSeen, state.held);
    const { site, external } = this.#lanes;
    this.#maxHeldSeen = Math.max(this.#maxHeldSeen, site.held + external.held);
  }

  #free(state: OriginState, spare: boolean): void {
    if (spare) state.spare--;
    state.held--;
    state.lane.held--;
    this.#changed();
  }

  #changed(): void {
    this.#grant();
    this.onChange();
  }

  /** Starts every waiting request that may start now, oldest first; keeps one timer for the earliest of the rest. */
  #grant(): void {
    const nowMs = this.#clock.nowMs();
    let wakeAtMs = Infinity;
    let kept = 0;
    for (const waiter of this.#waiters) {
      const { state, reserved } = waiter;
      const readyAtMs = this.#readyAtMs(state, reserved !== null);
      if (readyAtMs > nowMs) {
        this.#waiters[kept++] = waiter;
        wakeAtMs = Math.min(wakeAtMs, readyAtMs);
        continue;
      }
      state.waiting--;
      state.lastStartMs = nowMs;
      if (reserved) waiter.resolve(reserved);
      else {
        this.#hold(state);
        waiter.resolve(new Slot(state.origin, () => this.#free(state, false), false));
      }
    }
    this.#waiters.length = kept;
    this.#arm(wakeAtMs);
    this.#listen(kept > 0);
  }

  /** Keeps one timer, for the earliest waiting request that waits on time, and none otherwise. */
  #arm(wakeAtMs: number): void {
    if (this.#timer?.wakeAtMs === wakeAtMs) return;
    this.#timer?.controller.abort(SLEEP_CANCELLED);
    this.#timer = null;
    if (wakeAtMs === Infinity) return;
    const controller = new AbortController();
    this.#timer = { wakeAtMs, controller };
    this.#clock.sleep(Math.max(1, wakeAtMs - this.#clock.nowMs()), controller.signal).then(
      () => {
        if (this.#timer?.controller !== controller) return;
        this.#timer = null;
        // A request granted now ends the skip of its origin in nextStart: the loop looks again.
        this.#changed();
      },
      // Cancelled: the earliest wake-up changed, or nothing waits on time any more.
      () => {},
    );
  }

  #listen(on: boolean): void {
    if (this.#signal === undefined || on === this.#listening) return;
    this.#listening = on;
    if (on) this.#signal.addEventListener('abort', this.#abort, { once: true });
    else this.#signal.removeEventListener('abort', this.#abort);
  }

  readonly #abort = (): void => {
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#listening = false;
    this.#arm(Infinity);
    for (const waiter of waiters) {
      waiter.state.waiting--;
      waiter.reject(this.#signal?.reason);
    }
  };
}

function atLeastOne(count: number): number {
  return Math.max(1, Math.floor(count));
}
