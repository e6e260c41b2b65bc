import { describe, expect, it } from 'vitest';
import { groupToken, robotToken } from './user-agent.ts';

describe('the two readings of a user-agent name', () => {
  it.each<[string, string, string]>([
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'googlebot', 'googlebot'],
    ['Foo Bar', 'foo', 'foo'],
    ['Bot2', 'bot', 'bot2'],
    ['*', '*', '*'],
    ['', '', '*'],
  ])('%j: group line %j, asked-about robot %j', (name, group, robot) => {
    expect(groupToken(name)).toBe(group);
    expect(robotToken(name)).toBe(robot);
  });
});
