/**
 * robots.txt for our own crawl: fetched once per origin, before any other
 * request to that origin (outside origins too), through the same
 * politeness policy; every URL is decided for our product token; a `Crawl-delay`
 * for us slows that origin down (up to a cap, so a hostile value cannot
 * stall the crawl for hours).
 *
 * Every URL the crawl requests passes here first (start URLs, sitemap
 * seeds, each redirect hop, links checked on demand), so the user's block
 * list is applied here too, whether robots.txt is obeyed or not, and so is
 * the address rule (address-guard.ts): no request, robots.txt included,
 * goes to an address the crawl must not reach. For origins outside the
 * crawl's scope a refusal names the robots.txt line, never its text: no
 * part of another site's answer enters the report.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { HttpError, type HttpErrorKind, type HttpFetch } from '../http/types.ts';
import { fromJson, toJson } from '../robots/cache.ts';
import { applicableGroup } from '../robots/decide.ts';
import { decideFromFetch, parseRobotsFetch } from '../robots/decide-fetch.ts';
import { fetchRobotsTxt } from '../robots/fetch.ts';
import { robotsPolicyFor } from '../robots/policy.ts';
import type { RobotsFetch } from '../robots/types.ts';
import type { AddressGuard } from './address-guard.ts';
import type { Clock } from './clock.ts';
import type { CrawlBook } from './crawl-book.ts';
import type { Politeness, Slot } from './politeness.ts';
import { inScope, type CrawlScope } from './scope.ts';
import { checkBlockList, compileBlockList } from './traps.ts';
import type { UrlPattern } from '../url/url-pattern.ts';

/** Crawl-delay honoured up to this; a longer one is capped (and the report says so). */
export const MAX_CRAWL_DELAY_MS = 30_000;

export type RobotsVerdict =
  | { allowed: true }
  | {
      allowed: false;
      reason: Phrase;
      /**
       * robots.txt could not be reached at all (DNS, refused connection, TLS): the
       * server is down for every URL, so the URL is broken, not merely blocked.
       */
      unreachable?: HttpError;
      /** The user's block list refused it (robots.txt was not asked). */
      blockListed?: true;
      /** Its host is on an address the crawl must not reach (nothing was asked). */
      addressRefused?: true;
    };

/** Failures of robots.txt that say the whole server is unreachable, not just its robots.txt. */
const HOST_DOWN: ReadonlySet<HttpErrorKind> = new Set(['dns', 'connection', 'tls']);

export interface RobotsGateDeps {
  book: CrawlBook;
  http: HttpFetch;
  clock: Clock;
  politeness: Politeness;
  signal: AbortSignal;
  onRequest: (url: string) => void;
  /** The address rule; without it, only the block list and robots.txt decide. */
  addressGuard?: AddressGuard;
  /** The crawl's scope: refusals by other sites' robots.txt do not quote it. */
  scope?: CrawlScope;
}

export class RobotsGate {
  readonly #deps: RobotsGateDeps;
  /** Parsed answers per origin (the book keeps the JSON form for checkpoints). */
  readonly #answers = new Map<string, Promise<RobotsFetch>>();
  readonly #blockList: readonly UrlPattern[];

  constructor(deps: RobotsGateDeps) {
    this.#deps = deps;
    this.#blockList = compileBlockList(deps.book.options.blockList);
  }

  /**
   * May our robot fetch `url`? Fetches the origin's robots.txt first when
   * needed, with the visit's reserved `slot` when it has one.
   */
  async decide(url: string, slot?: Slot): Promise<RobotsVerdict> {
    const { options } = this.#deps.book;
    const listed = checkBlockList(url, this.#blockList);
    if (!listed.allowed) {
      return {
        allowed: false,
        reason: listed.detail,
        blockListed: true,
      };
    }
    const reach = this.#deps.addressGuard?.checkUrl(url);
    if (reach && !reach.allowed) return { ...reach, addressRefused: true };
    if (!options.obeyRobots) return { allowed: true };
    const fetched = await this.answerFor(new URL(url).origin, slot);
    if (fetched.errorKind === 'address-refused') return addressRefusal(fetched.error ?? '');
    const decision = decideFromFetch(fetched, url, options.robot);
    if (decision.allowed) return { allowed: true };
    const why = decision.reason;
    const elsewhere = this.#deps.scope && !inScope(url, this.#deps.scope).allowed;
    const reason = elsewhere
      ? elsewhereReason(url, options.robot, decision.line)
      : decision.line !== null
        ? phrase('crawl_robots_blocked_line', {
            robot: options.robot,
            line: String(decision.line),
            rule: decision.rule ?? '',
            reason: why,
          })
        : phrase('crawl_robots_blocked', { robot: options.robot, reason: why });
    if (fetched.status === null && fetched.errorKind && HOST_DOWN.has(fetched.errorKind)) {
      const why = phrase('crawl_robots_txt_unreachable', {
        error: fetched.error ?? fetched.errorKind,
      });
      return {
        allowed: false,
        reason,
        unreachable: new HttpError(fetched.errorKind, why),
      };
    }
    return { allowed: false, reason };
  }

  /** The robots.txt answer of an origin: from the checkpoint, or fetched once. */
  answerFor(origin: string, slot?: Slot): Promise<RobotsFetch> {
    let answer = this.#answers.get(origin);
    if (!answer) {
      const stored = this.#deps.book.robots.get(origin);
      answer = stored ? Promise.resolve(fromJson(stored)) : this.#fetch(origin, slot);
      this.#answers.set(origin, answer);
      void answer.then((fetched) => this.#applyCrawlDelay(origin, fetched));
    }
    return answer;
  }

  async #fetch(origin: string, reserved: Slot | undefined): Promise<RobotsFetch> {
    const { http, clock, politeness, signal, book, onRequest } = this.#deps;
    const slot = await politeness.acquire(origin, reserved);
    let fetched: RobotsFetch;
    try {
      onRequest(`${origin}/robots.txt`);
      fetched = await fetchRobotsTxt(http, origin, {
        nowMs: clock.nowMs(),
        timeoutMs: book.options.timeoutMs,
        signal,
      });
    } finally {
      slot.release();
    }
    book.robots.set(origin, toJson(fetched));
    return fetched;
  }

  #applyCrawlDelay(origin: string, fetched: RobotsFetch): void {
    if (robotsPolicyFor(fetched).policy !== 'rules') return;
    const { groups } = applicableGroup(
      parseRobotsFetch(fetched).groups,
      this.#deps.book.options.robot,
    );
    const seconds = groups.find((group) => group.crawlDelay?.seconds != null)?.crawlDelay?.seconds;
    if (seconds != null && seconds > 0) {
      this.#deps.politeness.setOriginDelay(origin, Math.min(seconds * 1000, MAX_CRAWL_DELAY_MS));
    }
  }
}

/** robots.txt could not even be asked: the adapter refused the address its host resolved to. */
function addressRefusal(message: string | Phrase): RobotsVerdict {
  const reason = phrase('error_with_detail', { what: phrase('reach_error_address'), message });
  return { allowed: false, reason, addressRefused: true };
}

/** Another site's robots.txt said no: its line number, not its text (group names, rules). */
function elsewhereReason(url: string, robot: string, line: number | null): Phrase {
  const origin = new URL(url).origin;
  return line !== null
    ? phrase('reach_robots_blocked_elsewhere', { origin, robot, line: String(line) })
    : phrase('reach_robots_blocked_elsewhere_no_line', { origin, robot });
}
