import { beforeEach, describe, expect, it, vi } from 'vitest';
import { english } from '../../components/english.ts';
import { fakeBrowser } from 'wxt/testing';
import { AddressGuard } from '../../lib/crawl/address-guard.ts';
import { HttpError, type HttpRequest } from '../../lib/http/types.ts';
import { classifyAddress } from '../../lib/url/address-class.ts';
import { ownOrigin } from '../../extension/own-origin.ts';
import { crawlHttpFor } from './crawl-http.ts';
import { watchOwnAddresses } from './request-addresses.ts';

type Listener = (details: Record<string, unknown>) => void;
let responseStarted: Listener | undefined;
/** The address the fake network says each host is on. */
const ADDRESSES: Record<string, string> = {
  'public.test': '93.184.216.34',
  'intranet.test': '10.0.0.5',
};

beforeEach(() => {
  fakeBrowser.reset();
  const events = fakeBrowser.webRequest as unknown as Record<string, unknown>;
  events.onResponseStarted = { addListener: (fn: Listener) => (responseStarted = fn) };
  events.onBeforeRedirect = { addListener: () => undefined };
  watchOwnAddresses();
  // The browser connects, then tells the address in a request event; the body is still unread.
  vi.stubGlobal('fetch', async (url: string) => {
    const ip = ADDRESSES[new URL(url).hostname] ?? new URL(url).hostname;
    setTimeout(() => responseStarted?.({ url, ip, tabId: -1, initiator: ownOrigin() }), 5);
    return new Response('BODY-OF-THE-ANSWER', { status: 200 });
  });
});

const request = (url: string): HttpRequest => ({
  url,
  method: 'GET',
  timeoutMs: 2_000,
  maxBytes: 1_000,
  maxRedirects: 0,
});
/** public.test stands for a site on the internet. */
const guard = () =>
  new AddressGuard('http://public.test/', (address, host) =>
    host === 'public.test' ? 'public' : (classifyAddress(address) ?? 'reserved'),
  );

describe('crawlHttpFor', () => {
  it('reads answers from public addresses', async () => {
    const response = await crawlHttpFor(guard())(request('http://public.test/page'));
    expect(new TextDecoder().decode(response.body)).toBe('BODY-OF-THE-ANSWER');
  });

  it('drops, unread, an answer from a private address a name led to', async () => {
    const error = await crawlHttpFor(guard())(request('http://intranet.test/admin')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'address-refused' });
    expect(english((error as HttpError).detail)).toContain('intranet.test resolved to 10.0.0.5');
  });

  it('refuses an answer from an IP literal without waiting for its address', async () => {
    const error = await crawlHttpFor(guard())(request('http://169.254.169.254/latest/')).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'address-refused' });
  });

  it('goes anywhere when the crawl started on a private address', async () => {
    const started = new AddressGuard('http://intranet.test/');
    await crawlHttpFor(started)(request('http://intranet.test/'));
    const response = await crawlHttpFor(started)(request('http://10.9.9.9/'));
    expect(response.status).toBe(200);
  });
});
