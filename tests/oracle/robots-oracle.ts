/**
 * Google's reference robots.txt matcher (google/robotstxt) as a batch
 * oracle for the differential test: found at `../shared/tools/robots-oracle`
 * beside the clone (or ROBOTLENS_ORACLE_SRC), copied to a temp dir (the
 * shared folder is read-only) and built there once per source version.
 * Building needs g++ and libabsl-dev: installed with apt-get when we are
 * root and they are missing, otherwise the test fails saying how.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ABSL_HEADER = '/usr/include/absl/strings/string_view.h';

export interface OracleCase {
  /** Index into the bodies list. */
  body: number;
  ua: string;
  url: string;
}

export interface OracleAnswer {
  allowed: boolean;
  /** The deciding rule's line; null when no rule decided. */
  line: number | null;
}

/** The oracle's source folder: the first `shared/tools/robots-oracle` above the repo. */
export function oracleSource(): string {
  const fromEnv = process.env.ROBOTLENS_ORACLE_SRC;
  if (fromEnv) return fromEnv;
  for (let dir = path.dirname(REPO); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/tools/robots-oracle');
    if (existsSync(path.join(candidate, 'oracle.cc'))) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(
    "The differential test needs Google's robots.txt oracle at ../shared/tools/robots-oracle " +
      '(beside the clone); set ROBOTLENS_ORACLE_SRC to its folder otherwise.',
  );
}

/** Installs g++ and libabsl-dev when missing (root with apt-get only), else explains. */
function ensureToolchain(): void {
  const hasGpp = spawnSync('g++', ['--version']).status === 0;
  if (hasGpp && existsSync(ABSL_HEADER)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'Building the robots.txt oracle needs g++ and libabsl-dev. Install them with:\n' +
        '  sudo apt-get update && sudo apt-get install -y g++ libabsl-dev',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'g++', 'libabsl-dev'], {
    stdio: 'inherit',
    env,
  });
}

/** The built oracle binary (built on first use, reused while its sources are unchanged). */
export function oracleBinary(): string {
  const source = oracleSource();
  const hash = createHash('sha256');
  for (const file of [
    'build.sh',
    'oracle.cc',
    ...readdirSync(path.join(source, 'src')).map((f) => `src/${f}`),
  ].sort())
    hash.update(file).update(readFileSync(path.join(source, file)));
  const dir = path.join(os.tmpdir(), `robotlens-robots-oracle-${hash.digest('hex').slice(0, 16)}`);
  const binary = path.join(dir, 'bin/robots-oracle');
  if (existsSync(binary)) return binary;
  ensureToolchain();
  cpSync(source, dir, { recursive: true });
  const built = spawnSync('bash', [path.join(dir, 'build.sh')], { encoding: 'utf8' });
  if (built.status !== 0 || !existsSync(binary))
    throw new Error(`Building the robots.txt oracle failed:\n${built.stderr}`);
  return binary;
}

/** Runs the oracle (`--rfc` by default) on cases; one answer per case. */
export function runOracle(
  bodies: readonly Uint8Array[],
  cases: readonly OracleCase[],
  flags: readonly string[] = ['--rfc'],
): OracleAnswer[] {
  const parts: Buffer[] = [];
  for (const body of bodies)
    parts.push(Buffer.from(`F ${body.length}\n`), Buffer.from(body), Buffer.from('\n'));
  for (const c of cases) {
    const ua = Buffer.from(c.ua, 'utf8');
    const url = Buffer.from(c.url, 'utf8');
    parts.push(Buffer.from(`C ${c.body} ${ua.length} ${url.length}\n`), ua, url, Buffer.from('\n'));
  }
  const run = spawnSync(oracleBinary(), [...flags], {
    input: Buffer.concat(parts),
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) throw new Error(`robots-oracle failed: ${run.stderr.toString()}`);
  const lines = run.stdout.toString('latin1').trim().split('\n');
  if (cases.length === 0) return [];
  return lines.map((line) => {
    const [allowed, deciding] = line.split(' ');
    return { allowed: allowed === '1', line: deciding === '0' ? null : Number(deciding) };
  });
}
