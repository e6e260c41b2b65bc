/** Every command: its options (for parsing, help and the README check) and what runs it. */
import type { Translator } from '../../lib/i18n/translator.ts';
import type { CommandSpec } from '../options.ts';
import { runCrawl } from './crawl.ts';
import { CRAWL_COMMAND } from './crawl-options.ts';
import { runDemo } from './demo.ts';
import { DEMO_COMMAND } from './demo-options.ts';
import { runDiff } from './diff.ts';
import { DIFF_COMMAND } from './diff-options.ts';
import { runPage } from './page.ts';
import { PAGE_COMMAND } from './page-options.ts';
import { runRobots } from './robots.ts';
import { ROBOTS_COMMAND } from './robots-options.ts';

export interface Command {
  spec: CommandSpec;
  run: (args: string[], i18n: Translator) => Promise<number>;
}

export const COMMANDS: Record<string, Command> = {
  page: { spec: PAGE_COMMAND, run: runPage },
  robots: { spec: ROBOTS_COMMAND, run: runRobots },
  crawl: { spec: CRAWL_COMMAND, run: runCrawl },
  diff: { spec: DIFF_COMMAND, run: runDiff },
  demo: { spec: DEMO_COMMAND, run: runDemo },
};
