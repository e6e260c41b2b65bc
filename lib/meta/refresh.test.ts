import { describe, expect, it } from 'vitest';
import { parseRefresh, type Refresh } from './refresh.ts';

describe('parseRefresh', () => {
  it.each<[string, Refresh | null]>([
    ['0; url=https://example.com/', { delaySeconds: 0, url: 'https://example.com/' }],
    ['5;URL=/next', { delaySeconds: 5, url: '/next' }],
    ["0; url='/quoted'", { delaySeconds: 0, url: '/quoted' }],
    ['0, "/dq" trailing', { delaySeconds: 0, url: '/dq' }],
    ['3 /no-separator', { delaySeconds: 3, url: '/no-separator' }],
    ['1.5; /x', { delaySeconds: 1, url: '/x' }],
    ['30', { delaySeconds: 30, url: null }],
    [' 10 ; ', { delaySeconds: 10, url: null }],
    ['url=/x', null],
    ['', null],
  ])('%j', (content, expected) => {
    expect(parseRefresh(content)).toEqual(expected);
  });
});
