import { describe, expect, it } from 'vitest';
import { isOwnRequest } from './own-origin.ts';

const CHROME = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const FIREFOX = 'moz-extension://0b6f8a4e-3c1d-4f2a-9e7b-5d2c1a0f9e8d';

describe('isOwnRequest', () => {
  it('reads Chrome’s initiator', () => {
    expect(isOwnRequest({ tabId: -1, initiator: CHROME }, CHROME)).toBe(true);
    expect(isOwnRequest({ tabId: -1, initiator: 'https://example.com' }, CHROME)).toBe(false);
  });

  it('reads Firefox’s originUrl, which has no initiator', () => {
    const originUrl = `${FIREFOX}/_generated_background_page.html`;
    expect(isOwnRequest({ tabId: -1, originUrl }, FIREFOX)).toBe(true);
    expect(isOwnRequest({ tabId: -1, originUrl: 'https://example.com/page' }, FIREFOX)).toBe(false);
  });

  it('never takes a tab’s request, nor one with no known source', () => {
    expect(isOwnRequest({ tabId: 3, initiator: CHROME }, CHROME)).toBe(false);
    expect(isOwnRequest({ tabId: -1 }, CHROME)).toBe(false);
  });
});
