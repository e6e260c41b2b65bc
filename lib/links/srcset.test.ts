import { describe, expect, it } from 'vitest';
import { parseSrcset } from './srcset.ts';

describe('parseSrcset', () => {
  it.each<[string, [string, string][]]>([
    ['a.jpg', [['a.jpg', '']]],
    [
      'a.jpg 1x, b.jpg 2x',
      [
        ['a.jpg', '1x'],
        ['b.jpg', '2x'],
      ],
    ],
    [
      '  a.jpg   480w ,b.jpg 800w  ',
      [
        ['a.jpg', '480w'],
        ['b.jpg', '800w'],
      ],
    ],
    ['a.jpg,b.jpg', [['a.jpg,b.jpg', '']]],
    [
      'a.jpg, b.jpg',
      [
        ['a.jpg', ''],
        ['b.jpg', ''],
      ],
    ],
    [
      'image,1.jpg 1x, image,2.jpg 2x',
      [
        ['image,1.jpg', '1x'],
        ['image,2.jpg', '2x'],
      ],
    ],
    [
      'data:image/png;base64,AAAA 1x, b.png 2x',
      [
        ['data:image/png;base64,AAAA', '1x'],
        ['b.png', '2x'],
      ],
    ],
    [
      'a.jpg 1x (future, descriptor), b.jpg',
      [
        ['a.jpg', '1x (future, descriptor)'],
        ['b.jpg', ''],
      ],
    ],
    [
      'a.jpg,, b.jpg',
      [
        ['a.jpg', ''],
        ['b.jpg', ''],
      ],
    ],
    [',,, a.jpg', [['a.jpg', '']]],
    [
      'a.jpg\n1x,\tb.jpg\n2x',
      [
        ['a.jpg', '1x'],
        ['b.jpg', '2x'],
      ],
    ],
    ['', []],
    [' , ', []],
  ])('%j', (srcset, expected) => {
    expect(parseSrcset(srcset).map((c) => [c.url, c.descriptors])).toEqual(expected);
  });
});
