/**
 * `robotlens robots` and `robotlens page` say where other parsers answer
 * otherwise: Google's parser alone (because of one of RobotLens's four
 * readings) and robots-parser — in text and in JSON.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RobotsAudit } from '../../lib/robots/index.ts';
import type { Verdict } from '../../lib/verdict/types.ts';
import { runCli } from '../../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from '../site-server.ts';

let site: SiteServer;
let file: string;
beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/robots-readings'));
  file = path.join(await mkdtemp(path.join(os.tmpdir(), 'robotlens-other-')), 'robots.txt');
  await writeFile(file, 'User-agent: *\nDisallow: /~fred/\nDisallow: /x%3fy\n');
});
afterAll(() => site.close());

describe('robotlens robots: other answers', () => {
  const args = () => ['robots', '--file', file, '--test', '/%7Efred/a', '--test', '/x%3fy'];

  it('JSON: each test carries the other answers and why', async () => {
    const run = await runCli([...args(), '--format', 'json']);
    const audit = JSON.parse(run.stdout) as RobotsAudit;
    const [fred, query] = audit.tests;
    expect(fred).toMatchObject({ allowed: false, line: 2 });
    expect(fred?.otherAnswers).toEqual([
      expect.objectContaining({
        parser: 'google',
        allowed: true,
        line: null,
        readings: ['unreserved'],
        reason: expect.stringContaining('%7E = ~'),
      }),
      expect.objectContaining({ parser: 'robots-parser', allowed: true, line: null }),
    ]);
    expect(query).toMatchObject({ allowed: true, line: null });
    expect(query?.otherAnswers).toEqual([
      expect.objectContaining({ parser: 'robots-parser', allowed: false, line: 3 }),
    ]);
  });

  it('text: a line under the test for each other answer', async () => {
    const run = await runCli(args());
    expect(run.stdout).toContain(
      "≠ Google's robots.txt parser alone answers allowed (no rule decides): RobotLens follows RFC 9309 here",
    );
    expect(run.stdout).toContain(
      '≠ robots-parser (Lighthouse, many Node tools) answers disallowed (line 3)',
    );
  });
});

describe('robotlens page: other answers', () => {
  const url = () => `${site.origin}/%7Efred/page.html`;

  it('JSON: the verdict carries the other answers of its robots.txt decision', async () => {
    const run = await runCli(['page', url(), '--format', 'json']);
    const verdict = JSON.parse(run.stdout) as Verdict;
    expect(verdict.indexable).toBe(false);
    expect(verdict.robotsOtherAnswers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ parser: 'google', allowed: true, readings: ['unreserved'] }),
      ]),
    );
  });

  it('text: the note follows the robots.txt line', async () => {
    const run = await runCli(['page', url()]);
    expect(run.stdout).toMatch(
      /robots\.txt.*\n +≠ Google's robots\.txt parser alone answers allowed/,
    );
  });
});
