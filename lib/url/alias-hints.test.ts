import { describe, expect, it } from 'vitest';
import { aliasHints, type AliasHint } from './alias-hints.ts';

describe('aliasHints', () => {
  it.each<[string, AliasHint[]]>([
    ['http://x.test/', [{ url: 'http://x.test/index.html', kind: 'index-file' }]],
    [
      'http://x.test/dir/',
      [
        { url: 'http://x.test/dir/index.html', kind: 'index-file' },
        { url: 'http://x.test/dir', kind: 'trailing-slash' },
      ],
    ],
    ['http://x.test/dir', [{ url: 'http://x.test/dir/', kind: 'trailing-slash' }]],
    ['http://x.test/dir/index.html', [{ url: 'http://x.test/dir/', kind: 'index-file' }]],
    ['http://x.test/dir/Default.aspx', [{ url: 'http://x.test/dir/', kind: 'index-file' }]],
    ['http://x.test/index.php?p=1', [{ url: 'http://x.test/?p=1', kind: 'index-file' }]],
    ['http://x.test/a.html', [{ url: 'http://x.test/a.html/', kind: 'trailing-slash' }]],
    ['not a url', []],
  ])('%s', (url, expected) => {
    expect(aliasHints(url)).toEqual(expected);
  });
});
