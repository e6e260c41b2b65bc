/**
 * The command line's conventions, run as a user would: help for every
 * command, "did you mean", every option checked before anything is
 * requested (with the Options page's rules), URLs as people type them, and
 * quiet exits when the reader of a pipe goes away.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultShown, optionColumn } from './command-help.ts';
import { COMMANDS } from './commands/index.ts';
import { runCli } from '../tests/support/run-cli.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';

let site: SiteServer;
let dir: string;
beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
  dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-cli-'));
});
afterAll(() => site.close());
beforeEach(() => site.reset());

describe('robotlens <command> --help', { timeout: 90_000 }, () => {
  it.each(Object.keys(COMMANDS))(
    '%s: every option with its default, and examples',
    async (name) => {
      const { spec } = COMMANDS[name]!;
      for (const flag of ['--help', '-h']) {
        const run = await runCli([name, flag]);
        expect(run.code).toBe(0);
        expect(run.stderr).toBe('');
        expect(run.stdout).toMatch(/^Usage:\n {2}robotlens /);
        expect(run.stdout).toContain('Examples:');
        for (const option of spec.options) {
          expect(run.stdout).toContain(optionColumn(option));
          if (defaultShown(option) !== null) expect(run.stdout).toMatch(/\(default: /);
        }
      }
    },
  );

  it('gives each default in its unit, and help wins over anything else given', async () => {
    const run = await runCli(['crawl', 'ftp://nowhere', '--max-pages', '0', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--delay <duration>[^]*\(default: 50ms\)[^]*--delay-ms/);
    expect(run.stdout).toMatch(/--timeout <duration>[^]*\(default: 15s\)/);
    expect(run.stdout).toMatch(/--max-duration <duration>[^]*\(default: 30m\)/);
    expect(run.stdout).toMatch(/--max-pages <n>[^]*\(default: 10000\)/);
    expect((await runCli(['help', 'robots'])).stdout).toContain('robotlens robots --file');
    expect((await runCli(['--lang', 'ko', 'page', '-h'])).stdout).toContain('(기본값: googlebot)');
  });

  it('suggests what was meant for a mistyped option or command', async () => {
    const option = await runCli(['crawl', site.origin, '--max-pagse', '3']);
    expect(option.code).toBe(2);
    expect(option.stderr).toBe(
      'robotlens: Unknown option --max-pagse for robotlens crawl. Did you mean --max-pages?\n',
    );
    const far = await runCli(['page', site.origin, '--zzzzzz']);
    expect(far.stderr).toContain('robotlens page --help lists the options');
    expect((await runCli(['crawll'])).stderr).toContain('Did you mean robotlens crawl?');
    expect(site.log).toEqual([]);
  });
});

describe('options are checked before anything starts', { timeout: 90_000 }, () => {
  it.each([
    [['--from', 'notanemail'], '--from "notanemail": An email address needs an @'],
    [['--block', 'admin/*'], '--block "admin/*": Start the pattern with /'],
    [['--ua', ''], '--ua "": Must be a robot’s product token'],
    [['--ua', 'bad\u0007bot'], 'control character'],
    [['--max-pages', '0'], '--max-pages must be from 1 to 1,000,000 (got "0")'],
    [['--max-pages', '1000001'], '--max-pages must be from 1 to 1,000,000 (got "1000001")'],
    [['--concurrency', '65'], '--concurrency must be from 1 to 64'],
    [['--max-depth', 'ten'], '--max-depth takes a whole number (got "ten")'],
    [['--delay', '2 weeks'], '--delay takes a duration such as 500ms, 15s or 2m'],
    [['--delay-ms', '90000'], '--delay must be from 0 to 1m (got "90000")'],
    [['--timeout', '100ms'], '--timeout must be from 1s to 2m'],
    [['--format', 'xml'], '--format must be one of text, json, csv'],
    [['--sitemaps=yes'], '--sitemaps takes no value'],
    [['--out', '/nonexistent-folder/report.txt'], 'the folder /nonexistent-folder does not exist'],
    [
      ['--resume', '/nonexistent-folder/state.json'],
      'the folder /nonexistent-folder does not exist',
    ],
    [['--max-pages'], '--max-pages <n> needs a value'],
  ])('crawl %j is refused: %s', async (args, message) => {
    const run = await runCli(['crawl', `${site.origin}/`, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    expect(site.log).toEqual([]);
  });

  it.each(['page', 'robots'])(
    '%s checks --ua, --from and --timeout the same way',
    async (command) => {
      {
        expect((await runCli([command, site.origin, '--ua', ' '])).stderr).toContain('--ua " "');
        expect((await runCli([command, site.origin, '--from', 'a@b'])).stderr).toContain(
          'needs a dot',
        );
        expect((await runCli([command, site.origin, '--timeout', '0'])).code).toBe(2);
      }
      expect(site.log).toEqual([]);
    },
  );

  it('accepts durations with units, and the old --delay-ms spelling', async () => {
    const run = await runCli([
      'crawl',
      `${site.origin}/clean.html`,
      '--delay-ms',
      '0',
      '--timeout',
      '5s',
      '--max-duration',
      '1m',
      '--max-depth',
      '0',
      '--format',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ finished: true });
  });

  it('refuses to resume a state file of another crawl, and requests nothing', async () => {
    const state = path.join(dir, 'other-site.json');
    const first = await runCli([
      'crawl',
      `${site.origin}/clean.html`,
      '--resume',
      state,
      '--max-depth',
      '0',
      '--delay',
      '0',
    ]);
    expect(first.code).toBe(0);
    const saved = await readFile(state, 'utf8');
    site.reset();
    const other = await runCli(['crawl', 'http://127.0.0.1:9/', '--resume', state]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      `${state} holds the crawl of ${site.origin}/clean.html, not of http://127.0.0.1:9/`,
    );
    expect(await readFile(state, 'utf8')).toBe(saved);
    expect(site.log).toEqual([]);
  });

  it('says which options given again are not used when a crawl resumes', async () => {
    const state = path.join(dir, 'resumed.json');
    const start = [`${site.origin}/clean.html`, '--resume', state, '--max-depth', '0'];
    expect((await runCli(['crawl', ...start, '--delay', '0'])).code).toBe(0);
    const again = await runCli(['crawl', ...start, '--delay', '2s', '--max-pages', '500']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      `robotlens: --delay 2s is not used: the crawl in ${state} goes on with the options it was started with (0).`,
    );
    // Given again with the saved value (the default here): nothing to say.
    expect(again.stderr).not.toContain('--max-pages');
  });
});

describe('URLs as people type them', { timeout: 90_000 }, () => {
  it('takes 127.0.0.1:port and localhost:port as http, and says so', async () => {
    const host = site.origin.replace('http://', '');
    const crawl = await runCli(['crawl', `${host}/clean.html`, '--max-depth', '0', '--delay', '0']);
    expect(crawl.code).toBe(0);
    expect(crawl.stderr).toContain(
      `robotlens: using ${site.origin}/clean.html (no scheme typed: a local address gets http://)`,
    );
    const local = host.replace('127.0.0.1', 'localhost');
    const page = await runCli(['page', `${local}/clean.html`, '--format', 'json']);
    expect(page.code).toBe(0);
    expect(JSON.parse(page.stdout)).toMatchObject({ url: `http://${local}/clean.html` });
  });

  it('refuses a mistyped scheme instead of reading it as a host', async () => {
    for (const command of ['crawl', 'page', 'robots']) {
      const run = await runCli([command, 'ht!tp://x/']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('"ht!tp://x/" has no usable scheme');
    }
  });

  it('says https was assumed when a bare host cannot be reached', async () => {
    // .invalid never resolves (RFC 2606): nothing leaves the machine but a failing DNS lookup.
    const run = await runCli(['page', 'robotlens-test.invalid', '--timeout', '2s']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('using https://robotlens-test.invalid/ (no scheme typed');
    expect(run.stderr).toContain('try http://robotlens-test.invalid/');
  });
});

describe('robots --file and page --format json', { timeout: 90_000 }, () => {
  it('says a local file was read from the file, with no invented HTTP answer', async () => {
    const file = path.join(dir, 'robots.txt');
    await writeFile(file, 'User-agent: *\nDisallow: /private/\n');
    const text = await runCli(['robots', '--file', file, '--test', '/private/x']);
    expect(text.stdout).toMatch(
      new RegExp(
        `^robots.txt: ${file}\n {2}read from a local file, audited as https://example.com/robots.txt`,
      ),
    );
    expect(text.stdout).not.toMatch(/HTTP 200|reuse/);
    const json = JSON.parse((await runCli(['robots', '--file', file, '--format', 'json'])).stdout);
    expect(json).toMatchObject({ file, url: 'https://example.com/robots.txt' });
  });

  it('always carries the robots.txt answer in page JSON, allowed too', async () => {
    const allowed = JSON.parse(
      (await runCli(['page', `${site.origin}/clean.html`, '--format', 'json'])).stdout,
    );
    expect(allowed.robots).toMatchObject({
      url: `${site.origin}/robots.txt`,
      status: 200,
      allowed: true,
      policy: 'rules',
      group: '*',
    });
    const blocked = JSON.parse(
      (await runCli(['page', `${site.origin}/private/secret.html`, '--format', 'json'])).stdout,
    );
    expect(blocked.robots).toMatchObject({ allowed: false, line: 3, rule: 'Disallow: /private/' });
  });
});

describe('a pipe closed early (| head)', { timeout: 90_000 }, () => {
  /** Runs the command and closes its stdout after the first chunk, as `head -c 1` would. */
  function readFirstChunk(
    args: string[],
    stdin: string,
  ): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['cli/bin.mjs', ...args], {
        env: { ...process.env, LC_ALL: 'en_US.UTF-8' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end(stdin);
    });
  }

  it('robots batch exits quietly', async () => {
    const cases = Array.from({ length: 20_000 }, (_, i) => ({
      robotstxt: 'User-agent: *\nDisallow: /a\n',
      ua: 'googlebot',
      url: `https://example.com/a${i}`,
    }));
    const run = await readFirstChunk(['robots', 'batch'], JSON.stringify(cases));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('robots --file exits quietly, with its own exit code', async () => {
    const file = path.join(dir, 'long-robots.txt');
    await writeFile(file, `User-agent: *\n${'Disalow: /typo\n'.repeat(5_000)}`);
    const run = await readFirstChunk(['robots', '--file', file], '');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
