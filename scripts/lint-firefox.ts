/**
 * `npm run lint:firefox` (after `wxt build -b firefox`): Mozilla's add-on
 * linter — what addons.mozilla.org runs on upload — over the built add-on.
 * Errors fail. Warnings fail too, except the ones listed in
 * ACCEPTED_WARNINGS, each matched narrowly enough that a new occurrence of
 * the same code in our own code still fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import webExt from 'web-ext';

const SOURCE_DIR = process.argv[2] ?? '.output/firefox-mv2';

interface LintMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

interface AcceptedWarning {
  code: string;
  why: string;
  /** True when this occurrence is the one accepted. */
  matches: (warning: LintMessage) => boolean;
}

const ACCEPTED_WARNINGS: AcceptedWarning[] = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    why:
      'Preact’s renderer assigns innerHTML only for a `dangerouslySetInnerHTML` prop, ' +
      'which no RobotLens component passes (ESLint forbids it)',
    matches: (warning) => sourceAround(warning).includes('.__html'),
  },
];

/** The minified code around a warning's position. */
function sourceAround(warning: LintMessage): string {
  if (!warning.file || warning.line === undefined || warning.column === undefined) return '';
  const text = readFileSync(path.join(SOURCE_DIR, warning.file), 'utf8');
  const line = text.split('\n')[warning.line - 1] ?? '';
  return line.slice(Math.max(0, warning.column - 80), warning.column + 80);
}

function describe(message: LintMessage): string {
  const where = message.file
    ? ` (${message.file}:${message.line ?? '?'}:${message.column ?? '?'})`
    : '';
  return `${message.code}: ${message.message}${where}`;
}

async function main(): Promise<number> {
  const result = (await webExt.cmd.lint(
    { sourceDir: SOURCE_DIR, output: 'text', boring: true },
    { shouldExitProgram: false },
  )) as { errors: LintMessage[]; warnings: LintMessage[]; notices: LintMessage[] };
  const unexpected = result.warnings.filter(
    (warning) => !ACCEPTED_WARNINGS.some((a) => a.code === warning.code && a.matches(warning)),
  );
  for (const warning of result.warnings) {
    const accepted = ACCEPTED_WARNINGS.find((a) => a.code === warning.code && a.matches(warning));
    if (accepted) console.log(`accepted warning ${warning.code}: ${accepted.why}`);
  }
  const failures = [...result.errors, ...unexpected];
  for (const failure of failures) console.error(`web-ext lint: ${describe(failure)}`);
  console.log(
    `web-ext lint ${SOURCE_DIR}: ${result.errors.length} errors, ${result.warnings.length} warnings ` +
      `(${result.warnings.length - unexpected.length} accepted), ${result.notices.length} notices`,
  );
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
