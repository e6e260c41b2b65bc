/**
 * Runs a command as a child process and returns its output, wall time and
 * peak resident memory: from `/usr/bin/time -v`'s "Maximum resident set
 * size" when that exists, else by polling /proc/<pid>/status (VmHWM).
 * Every run is bounded by `timeoutMs` (killed, and said so, past it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface ChildRun {
  stdout: string;
  stderr: string;
  seconds: number;
  peakRssMb: number | null;
  exitCode: number | null;
  timedOut: boolean;
}

const GNU_TIME = '/usr/bin/time';

export function hasCommand(path: string): boolean {
  return existsSync(path);
}

export function runMeasured(
  command: string,
  args: string[],
  { timeoutMs = 120_000, cwd }: { timeoutMs?: number; cwd?: string } = {},
): Promise<ChildRun> {
  const timed = existsSync(GNU_TIME);
  const [file, argv] = timed ? [GNU_TIME, ['-v', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let polledKb = 0;
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Polled as well: /usr/bin/time's report can be lost when the command is killed.
    const poll = setInterval(() => {
      for (const pid of [child.pid, ...descendantsOf(child.pid)])
        polledKb = Math.max(polledKb, vmHwmKb(pid));
    }, 100);
    const killer = setTimeout(() => {
      timedOut = true;
      // Kill what /usr/bin/time runs, so that it still reports the peak.
      const inner = timed ? descendantsOf(child.pid) : [];
      for (const pid of inner) process.kill(pid, 'SIGKILL');
      if (inner.length === 0) child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(killer);
      clearInterval(poll);
      const seconds = (performance.now() - started) / 1000;
      const fromTime = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const kb = Math.max(fromTime ? Number(fromTime[1]) : 0, polledKb);
      resolve({
        stdout,
        stderr,
        seconds,
        peakRssMb: kb > 0 ? kb / 1024 : null,
        exitCode,
        timedOut,
      });
    });
  });
}

function childrenOf(pid: number | undefined): number[] {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return list === '' ? [] : list.split(/\s+/).map(Number);
  } catch {
    return [];
  }
}

function descendantsOf(pid: number | undefined): number[] {
  const children = childrenOf(pid);
  return [...children, ...children.flatMap((child) => descendantsOf(child))];
}

function vmHwmKb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
