/**
 * A crawl never moves from the public internet into the user's own
 * networks: a site on a public address cannot make RobotLens request
 * loopback, private, link-local (cloud metadata), CGNAT, unspecified,
 * multicast or reserved addresses — not by a link, a redirect or a sitemap.
 * A crawl that *starts* on such an address (a dev server on 127.0.0.1, an
 * intranet site) is the user's own choice, and goes where its links lead.
 *
 * Two checks, one rule:
 * - `checkUrl`, in lib/ before any request: IP literals (every spelling)
 *   and `localhost` names;
 * - `checkResolved`, in the HTTP adapters: the address a DNS name resolved
 *   to (the command line checks the address it connects to; the browser
 *   tells the extension only after connecting, see README "Limits").
 *
 * The start's kind comes from its host when that tells (an IP literal,
 * `localhost`), else from the first address its name resolves to. Until
 * then the crawl counts as started on a public address: the strict side.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { classifyAddress, classifyHostname, type AddressClass } from '../url/address-class.ts';

export type AddressVerdict = { allowed: true } | { allowed: false; reason: Phrase };

/**
 * The kind of a resolved address. The host name is passed too so that a
 * test can count a 127.0.0.1 server reached by name as a public one (every
 * test server listens on 127.0.0.1).
 */
export type ClassifyResolved = (address: string, hostname: string) => AddressClass;

const classifyResolvedAddress: ClassifyResolved = (address) =>
  classifyAddress(address) ?? 'reserved';

const KIND_WORDS: Record<Exclude<AddressClass, 'public'>, Phrase> = {
  loopback: phrase('reach_kind_loopback'),
  private: phrase('reach_kind_private'),
  'link-local': phrase('reach_kind_link_local'),
  shared: phrase('reach_kind_shared'),
  unspecified: phrase('reach_kind_unspecified'),
  multicast: phrase('reach_kind_multicast'),
  reserved: phrase('reach_kind_reserved'),
};

const ALLOWED: AddressVerdict = { allowed: true };

export class AddressGuard {
  readonly #startHost: string;
  readonly #classify: ClassifyResolved;
  /** null until the start's address is known. */
  #startClass: AddressClass | null;

  constructor(startUrl: string, classify: ClassifyResolved = classifyResolvedAddress) {
    this.#startHost = new URL(startUrl).hostname;
    this.#classify = classify;
    this.#startClass = hostClass(this.#startHost, classify);
  }

  /** True while the crawl counts as started on a public address (or its address is not known yet). */
  get confined(): boolean {
    return this.#startClass === null || this.#startClass === 'public';
  }

  /** Before any request: a URL whose host is an IP literal or a `localhost` name. */
  checkUrl(url: string): AddressVerdict {
    let hostname: string;
    try {
      hostname = new URL(url).hostname;
    } catch {
      return ALLOWED;
    }
    const kind = hostClass(hostname, this.#classify);
    if (kind === null || kind === 'public' || !this.confined) return ALLOWED;
    return refused(phrase('reach_address_refused', { host: hostname, kind: KIND_WORDS[kind] }));
  }

  /** In an adapter: `hostname` resolved to `address`; may the request go there? */
  checkResolved(hostname: string, address: string): AddressVerdict {
    const kind = this.#classify(address, hostname);
    if (this.#startClass === null && hostname === this.#startHost) this.#startClass = kind;
    if (kind === 'public' || !this.confined) return ALLOWED;
    return refused(
      phrase('reach_address_resolved', { host: hostname, address, kind: KIND_WORDS[kind] }),
    );
  }
}

function hostClass(hostname: string, classify: ClassifyResolved): AddressClass | null {
  const byName = classifyHostname(hostname);
  // An IP literal goes through `classify` too, so tests and real runs judge it alike.
  if (byName === null || hostname.toLowerCase().replace(/\.$/, '').endsWith('localhost'))
    return byName;
  return classify(hostname.replace(/^\[|\]$/g, ''), hostname);
}

function refused(reason: Phrase): AddressVerdict {
  return { allowed: false, reason };
}
