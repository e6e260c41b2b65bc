/**
 * `npm run demo` (`robotlens demo`): the three jobs in their order, each
 * under the command that prints it, and summary counts that match the lists
 * they sum up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../../tests/support/run-cli.ts';

let demo: CliRun;
let lines: string[];

beforeAll(async () => {
  demo = await runCli(['demo']);
  lines = demo.stdout.split('\n');
}, 60_000);

const indexOf = (start: string) => lines.findIndex((line) => line.startsWith(start));

describe('robotlens demo', () => {
  it('runs job 1, 2, 3 in order, each under its command', () => {
    expect(demo.code).toBe(0);
    const jobs = ['== Job 1:', '== Job 2:', '== Job 3:'].map(indexOf);
    expect(jobs.every((index) => index > 0)).toBe(true);
    expect([...jobs].sort((a, b) => a - b)).toEqual(jobs);
    const commands = ['$ robotlens page ', '$ robotlens robots ', '$ robotlens crawl '].map(
      indexOf,
    );
    // Each job's first line after its title is the command behind it.
    expect(commands).toEqual(jobs.map((index) => index + 2));
  });

  it("the verdict summary's counts match its rows", () => {
    const head = /^Summary: (\d+) checks: (\d+) indexable, (\d+) NOT indexable$/.exec(
      lines[indexOf('Summary:')]!,
    );
    expect(head).not.toBeNull();
    const rows = lines.slice(indexOf('Summary:') + 2, indexOf('== Job 2:') - 1);
    const [checks, indexable, blocked] = head!.slice(1).map(Number);
    expect(rows).toHaveLength(checks!);
    expect(rows.filter((row) => row.includes('NOT indexable'))).toHaveLength(blocked!);
    expect(checks).toBe(indexable! + blocked!);
  });

  it("the crawl's summary line counts what its sections list", () => {
    const crawl = lines.slice(indexOf('== Job 3:'));
    const listed = (title: string) => {
      const start = crawl.findIndex((line) => line.startsWith(title));
      if (start < 0) return 0;
      const header = Number(/\((\d+)\):$/.exec(crawl[start]!)![1]);
      const end = crawl.findIndex((line, i) => i > start && line === '');
      // An entry starts at two spaces; its details are indented further.
      const entries = crawl.slice(start + 1, end).filter((line) => /^ {2}\S/.test(line));
      expect(entries, title).toHaveLength(header);
      return header;
    };
    const summary =
      /broken on this site: (\d+), redirected links to fix: (\d+), broken on other sites: (\d+), could not verify: (\d+)$/.exec(
        crawl.filter((line) => line !== '').at(-1)!,
      );
    expect(summary).not.toBeNull();
    expect(summary!.slice(1).map(Number)).toEqual([
      listed('Broken links on this site'),
      listed('Redirected links to fix'),
      listed('Broken links to other sites'),
      listed('Could not verify'),
    ]);
    expect(Number(summary![1])).toBeGreaterThan(0);
    expect(Number(summary![2])).toBeGreaterThan(0);
  });
});
