import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USER_AGENT, VERSION } from '../../lib/identity.ts';

describe('identity', () => {
  it('keeps VERSION equal to package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
  it('identifies as RobotLens/<version> with a URL', () => {
    expect(USER_AGENT).toMatch(/^RobotLens\/\d+\.\d+\.\d+ \(\+https:\/\/\S+\)$/);
  });
});
