/**
 * Two lanes of requests: the site's own, and the checks of links to other
 * sites. Each lane has its own scheduler, so its own slots (`concurrency`
 * each) and its own queues (off-site: twice `concurrency`, see below): off-site checks that hang on DNS or time out
 * never hold up the site's pages, and a site with thousands of pages never
 * starves the off-site checks. Politeness per origin is unchanged: an origin
 * is in exactly one lane.
 */
import {
  OriginScheduler,
  type OriginSchedulerOptions,
  type RequestScheduler,
} from './politeness.ts';

export type Lane = 'site' | 'external';

/** The off-site lane's slots, as a multiple of `concurrency`. */
export const EXTERNAL_CONCURRENCY_FACTOR = 2;

export class LaneScheduler implements RequestScheduler {
  readonly #lanes: Record<Lane, OriginScheduler>;
  readonly #laneOf: (origin: string) => Lane;
  readonly #known = new Map<string, Lane>();

  constructor(options: OriginSchedulerOptions, laneOf: (origin: string) => Lane) {
    this.#lanes = {
      site: new OriginScheduler(options),
      // Off-site checks spread over many hosts, each still limited per origin; most wait on DNS or a timeout.
      external: new OriginScheduler({
        ...options,
        concurrency: options.concurrency * EXTERNAL_CONCURRENCY_FACTOR,
      }),
    };
    this.#laneOf = laneOf;
  }

  schedule<T>(origin: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.#for(origin).schedule(origin, task, signal);
  }

  setOriginDelay(origin: string, delayMs: number): void {
    this.#for(origin).setOriginDelay(origin, delayMs);
  }

  pauseOrigin(origin: string, untilMs: number): void {
    this.#for(origin).pauseOrigin(origin, untilMs);
  }

  originDelayMs(origin: string): number {
    return this.#for(origin).originDelayMs(origin);
  }

  /** One lane's scheduler (for tests and progress). */
  lane(lane: Lane): OriginScheduler {
    return this.#lanes[lane];
  }

  #for(origin: string): OriginScheduler {
    let lane = this.#known.get(origin);
    if (lane === undefined) {
      lane = this.#laneOf(origin);
      this.#known.set(origin, lane);
    }
    return this.#lanes[lane];
  }
}
