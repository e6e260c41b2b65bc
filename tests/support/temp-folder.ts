/**
 * Vitest's global setup: the tests' temp files go in a folder of their own,
 * removed when the run ends. A crawl the command line cuts short without
 * `--resume` saves its state in the system's temp folder for the resume
 * command it prints (cli/commands/crawl.ts); the tests that cut crawls
 * short left 48 such files behind in one day's runs, and the tests that
 * make temp folders of their own left 23 more in each run of cli/state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'robotlens-tests-'));
  // Read by os.tmpdir() here, in the test workers and in the commands they run.
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
