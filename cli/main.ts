/**
 * `robotlens <command>`: the command line over the same lib/ as the
 * extension. Each command lives in cli/commands/ and returns its exit code.
 */
import { runCrawl } from './commands/crawl.ts';
import { runDemo } from './commands/demo.ts';
import { runPage } from './commands/page.ts';
import { runRobots } from './commands/robots.ts';
import { UsageError } from './usage-error.ts';

export const HELP = `RobotLens — is this page indexable, is robots.txt right?

Usage:
  robotlens page <url> [--ua <token>] [--format text|json]
      The page verdict for one robot: robots.txt, META robots, X-Robots-Tag,
      HTTP status, canonical. Exit 0 when indexable, 1 when not, 2 on error.
  robotlens robots <origin-or-url> [--ua <token>]... [--test <url>]... [--format text|json]
  robotlens robots --file <robots.txt> [--base <origin>] [--ua <token>]... [--test <url>]...
      Fetch (or read) robots.txt, audit it line by line and test URLs against robots.
  robotlens robots batch
      Read a JSON array of { robotstxt | robotstxt_base64, ua, url } on stdin,
      write a JSON array of { allowed, line } in the same order.
  robotlens crawl <url> [--max-pages N] [--max-depth N] [--concurrency N] [--delay-ms N]
                 [--timeout MS] [--max-duration MS] [--ua <token>] [--from <email>]
                 [--same-domain] [--sitemaps] [--no-external] [--ignore-robots]
                 [--block <glob>]... [--resume <state-file>] [--format text|json|csv] [--out <file>]
      A polite crawl of the site: broken links with the pages and anchor texts
      that carry them, redirect chains and loops, traps, duplicates.
      Exit 0 when nothing is broken, 1 when something is, 2 on error.
  robotlens demo
      Serve the bundled demo site on 127.0.0.1 and audit it.
  robotlens --help | --version

Options:
  --ua <token>        Robot product token (default googlebot): googlebot, bingbot, *, any token.
  --format text|json  Output format (default text).
  --timeout <ms>      Per-request timeout in milliseconds (default 15000).
  --from <email>      Contact address sent in the From header.
`;

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  page: runPage,
  robots: runRobots,
  crawl: runCrawl,
  demo: runDemo,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    const { VERSION } = await import('../lib/identity.ts');
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) return fail(new UsageError(`Unknown command "${name}". Try robotlens --help.`));
  try {
    return await command(rest);
  } catch (error) {
    return fail(error);
  }
}

function fail(error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`robotlens: ${message}\n`);
  return 2;
}
