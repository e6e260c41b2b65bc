import { describe, expect, it } from 'vitest';
import { parseXRobotsTag } from './x-robots-tag.ts';

/** Entries as `[robot, raw, directive names]` for compact tables. */
const entries = (...values: string[]) =>
  parseXRobotsTag(values).map((e) => [e.robot, e.raw, e.directives.directives.map((d) => d.name)]);

describe('parseXRobotsTag', () => {
  it.each<[string[], unknown[]]>([
    [['noindex'], [[null, 'noindex', ['noindex']]]],
    [['noindex, nofollow'], [[null, 'noindex, nofollow', ['noindex', 'nofollow']]]],
    [['googlebot: noindex'], [['googlebot', 'googlebot: noindex', ['noindex']]]],
    [['GoogleBot : NoIndex'], [['googlebot', 'GoogleBot : NoIndex', ['noindex']]]],
    [
      ['otherbot: noindex, nofollow'],
      [['otherbot', 'otherbot: noindex, nofollow', ['noindex', 'nofollow']]],
    ],
    // A prefix runs until the next prefix.
    [
      ['googlebot: nofollow, otherbot: noindex, nofollow'],
      [
        ['googlebot', 'googlebot: nofollow', ['nofollow']],
        ['otherbot', 'otherbot: noindex, nofollow', ['noindex', 'nofollow']],
      ],
    ],
    // Unprefixed directives before a prefix apply to everyone.
    [
      ['noarchive, bingbot: noindex'],
      [
        [null, 'noarchive', ['noarchive']],
        ['bingbot', 'bingbot: noindex', ['noindex']],
      ],
    ],
    // Several headers: the prefix does not carry over from one header to the next.
    [
      ['googlebot: noindex', 'nofollow'],
      [
        ['googlebot', 'googlebot: noindex', ['noindex']],
        [null, 'nofollow', ['nofollow']],
      ],
    ],
    // Directives with values are not robot prefixes.
    [
      ['max-snippet: 20, max-image-preview: large'],
      [[null, 'max-snippet: 20, max-image-preview: large', ['max-snippet', 'max-image-preview']]],
    ],
    [['max-video-preview:-1'], [[null, 'max-video-preview:-1', ['max-video-preview']]]],
    [
      ['unavailable_after: Sunday, 01-Jul-2007 15:00:00 PST'],
      [[null, 'unavailable_after: Sunday, 01-Jul-2007 15:00:00 PST', ['unavailable_after']]],
    ],
    [
      ['googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST, noindex'],
      [
        [
          'googlebot',
          'googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST, noindex',
          ['unavailable_after', 'noindex'],
        ],
      ],
    ],
    // Any name that is not a directive, followed by a colon, is a robot prefix.
    [['mybot: none'], [['mybot', 'mybot: none', ['none']]]],
    [[''], []],
    [[' , '], []],
    [[], []],
  ])('%j', (values, expected) => {
    expect(entries(...values)).toEqual(expected);
  });

  it('reports problems per entry', () => {
    const [entry] = parseXRobotsTag(['googlebot: noindex, index']);
    expect(entry?.directives.problems.map((p) => p.kind)).toEqual(['conflict']);
  });
});
