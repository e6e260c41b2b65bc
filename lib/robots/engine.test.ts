import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { createRuleMatcher, engineAgentLine, engineRuleLine, patternMatches } from './engine.ts';
import { compileProgram, indexHtmlDirectory } from './program.ts';
import { parseRobotsTxt } from './parse.ts';

describe('robots-parser adapter', () => {
  it('imports robots-parser (CommonJS) as a default export', () => {
    expect(typeof robotsParser).toBe('function');
    expect(
      robotsParser('https://e.com/robots.txt', 'User-agent: *\nDisallow: /a').isAllowed(
        'https://e.com/a',
      ),
    ).toBe(false);
  });

  it('keeps a path byte for byte: no dot segments and no lost "?"', () => {
    const matcher = createRuleMatcher(
      `user-agent: *\n${engineRuleLine('disallow', '/a/../b%5Cc?')}`,
    );
    expect(matcher.decidingLine('/a/../b%5Cc?', '*')).toBe(2);
    expect(matcher.decidingLine('/b%5Cc?', '*')).toBeNull();
  });

  it.each([
    ['/*.php$', '/x.php', true],
    ['/*.php$', '/x.php?y', false],
    ['/fish', '/fish.html', true],
    ['/fish', '/Fish', false],
    ['', '/anything', false],
  ])('patternMatches(%j, %j) = %s', (pattern, path, expected) => {
    expect(patternMatches(pattern, path)).toBe(expected);
  });

  it('writes agents as tokens and a token no robot has for a nameless group', () => {
    expect(engineAgentLine('googlebot')).toBe('user-agent: googlebot');
    expect(engineAgentLine('')).toBe('user-agent: 0');
    expect(engineRuleLine('allow', '')).toBe('allow:');
  });
});

describe('compileProgram', () => {
  it('writes only agents and rules, with index.html and a closing empty rule', () => {
    const robots = parseRobotsTxt(
      'User-agent: a\nSitemap: /s\nuser agent: B c\nAllow: /d/index.html\n',
      'https://e.com/robots.txt',
    );
    const program = compileProgram(robots.groups);
    expect(program.text.split('\n')).toEqual([
      'user-agent: a',
      'user-agent: b',
      'allow: ?/d/index.html',
      'allow: ?/d/$',
      'disallow:',
    ]);
    expect(program.rules.map((r) => r && [r.rule.line, r.derived])).toEqual([
      null,
      null,
      [4, null],
      [4, 'index-html'],
      null,
    ]);
  });

  it.each([
    ['/a/index.html', '/a/'],
    ['/index.htm', '/'],
    ['/a/index.html5', '/a/'],
    ['/a/index.php', null],
    ['/a/index.html?x=/y', null],
  ])('indexHtmlDirectory(%j) = %j', (pattern, expected) => {
    expect(indexHtmlDirectory(pattern)).toBe(expected);
  });
});
