import { describe, expect, it } from 'vitest';
import { parseMessage } from './messages.ts';

const facts = {
  url: 'https://e.com/',
  title: null,
  metas: [],
  links: [],
  refresh: [],
  anchorCount: 0,
  nofollowAnchorCount: 0,
};

describe('parseMessage', () => {
  it.each([
    ['page-facts', { type: 'page-facts', facts, navigationStatus: 200 }, true],
    ['page-facts without facts', { type: 'page-facts', navigationStatus: 200 }, false],
    [
      'page-facts with its content type',
      { type: 'page-facts', facts, navigationStatus: 200, contentType: 'text/html' },
      true,
    ],
    [
      'page-facts with a content type that is not a string',
      { type: 'page-facts', facts, navigationStatus: 200, contentType: 1 },
      false,
    ],
    [
      'page-facts with a content type no browser has',
      { type: 'page-facts', facts, navigationStatus: 200, contentType: 'x'.repeat(201) },
      false,
    ],
    [
      'page-facts with a string status',
      { type: 'page-facts', facts, navigationStatus: '200' },
      false,
    ],
    [
      'page-facts with tags',
      {
        type: 'page-facts',
        facts: {
          ...facts,
          title: 'T',
          metas: [{ name: 'robots', content: 'noindex', inHead: true }],
          links: [{ rel: ['canonical'], href: '/', hreflang: 'en', inHead: true }],
          refresh: ['5; url=/'],
        },
        navigationStatus: null,
      },
      true,
    ],
    [
      'page-facts with a META that is not a tag',
      {
        type: 'page-facts',
        facts: { ...facts, metas: ['<meta name=robots>'] },
        navigationStatus: 200,
      },
      false,
    ],
    [
      'page-facts with a link whose rel is a string',
      {
        type: 'page-facts',
        facts: { ...facts, links: [{ rel: 'canonical', href: '/', inHead: true }] },
        navigationStatus: 200,
      },
      false,
    ],
    [
      'page-facts without its counts',
      { type: 'page-facts', facts: { ...facts, anchorCount: undefined }, navigationStatus: 200 },
      false,
    ],
    [
      'page-facts with an object as title',
      { type: 'page-facts', facts: { ...facts, title: { toString: 1 } }, navigationStatus: 200 },
      false,
    ],
    ['get-verdict', { type: 'get-verdict', tabId: 3, robot: 'googlebot', refresh: false }, true],
    [
      'get-verdict with a float tab',
      { type: 'get-verdict', tabId: 3.5, robot: 'googlebot', refresh: false },
      false,
    ],
    [
      'get-verdict with a huge ua',
      { type: 'get-verdict', tabId: 3, robot: 'x'.repeat(101), refresh: false },
      false,
    ],
    [
      'get-robots-audit',
      { type: 'get-robots-audit', tabId: 1, robots: ['*'], tests: ['/a'], refresh: true },
      true,
    ],
    [
      'get-robots-audit with too many tests',
      {
        type: 'get-robots-audit',
        tabId: 1,
        robots: ['a', 'b'],
        tests: Array(501).fill('/'),
        refresh: false,
      },
      false,
    ],
    [
      'get-robots-audit with non-strings',
      { type: 'get-robots-audit', tabId: 1, robots: [1], tests: [], refresh: false },
      false,
    ],
    ['an unknown type', { type: 'fetch-anything', url: 'https://evil.test/' }, false],
    ['not an object', 'page-facts', false],
    ['null', null, false],
  ])('%s → %s', (_name, raw, ok) => {
    expect(parseMessage(raw, ['page-facts', 'get-verdict', 'get-robots-audit']) !== null).toBe(ok);
  });

  it('refuses a known type the receiver does not accept', () => {
    const raw = {
      type: 'same-origin-fetch',
      url: 'https://e.com/',
      method: 'GET',
      maxBytes: 1,
      timeoutMs: 1,
    };
    expect(parseMessage(raw, ['page-facts'])).toBeNull();
    expect(parseMessage(raw, ['same-origin-fetch'])).not.toBeNull();
  });

  it('refuses methods other than GET and HEAD', () => {
    const raw = {
      type: 'same-origin-fetch',
      url: 'https://e.com/',
      method: 'POST',
      maxBytes: 1,
      timeoutMs: 1,
    };
    expect(parseMessage(raw, ['same-origin-fetch'])).toBeNull();
  });
});
