/**
 * The network a command-line crawl uses: the node:http adapter and the
 * crawl's address rule, sharing one AddressGuard, so lib/ refuses IP
 * literals and `localhost` before any request and the adapter refuses
 * names by the address it actually connects to. Tests pass a mock
 * resolver and classifier (every test server listens on 127.0.0.1).
 */
import { AddressGuard, type ClassifyResolved } from '../../lib/crawl/address-guard.ts';
import type { HttpFetch } from '../../lib/http/types.ts';
import { createNodeHttp, type HostLookup } from './node-http.ts';

export interface CrawlNetworkOptions {
  userAgent: string;
  from?: string;
  lookup?: HostLookup;
  classify?: ClassifyResolved;
}

export interface CrawlNetwork {
  http: HttpFetch;
  addressGuard: AddressGuard;
}

export function crawlNetwork(startUrl: string, options: CrawlNetworkOptions): CrawlNetwork {
  const addressGuard = new AddressGuard(startUrl, options.classify);
  const http = createNodeHttp({
    userAgent: options.userAgent,
    ...(options.from ? { from: options.from } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    checkAddress: (hostname, address) => addressGuard.checkResolved(hostname, address),
  });
  return { http, addressGuard };
}
