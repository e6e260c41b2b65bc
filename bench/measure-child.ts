/**
 * Runs a command as a child process and returns its output, wall time and
 * peak resident memory: from `/usr/bin/time -v`'s "Maximum resident set
 * size" when that exists, else by polling /proc/<pid>/status (VmHWM).
 * Every run is bounded by `timeoutMs` (killed, and said so, past it), and
 * optionally by `maxRssMb` (killed, and said so, when one of its processes
 * holds more than that resident).
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
  /** Killed because its resident memory passed `maxRssMb`. */
  rssCapped: boolean;
}

export interface RunLimits {
  timeoutMs?: number;
  cwd?: string;
  /** Kill the run when any of its processes holds more than this resident (polled every 100 ms). */
  maxRssMb?: number;
  /** Sees the child's output as it comes (for live progress of long runs). */
  onStdout?: (chunk: string) => void;
}

const GNU_TIME = '/usr/bin/time';

export function hasCommand(path: string): boolean {
  return existsSync(path);
}

export function runMeasured(
  command: string,
  args: string[],
  { timeoutMs = 120_000, cwd, maxRssMb, onStdout }: RunLimits = {},
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
    let rssCapped = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(chunk.toString());
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Polled as well: /usr/bin/time's report can be lost when the command is killed.
    // Kill what /usr/bin/time runs, so that it still reports the peak.
    const kill = (): void => {
      const inner = timed ? descendantsOf(child.pid) : [];
      for (const pid of inner) process.kill(pid, 'SIGKILL');
      if (inner.length === 0) child.kill('SIGKILL');
    };
    const poll = setInterval(() => {
      for (const pid of [child.pid, ...descendantsOf(child.pid)]) {
        polledKb = Math.max(polledKb, statusKb(pid, 'VmHWM'));
        if (maxRssMb !== undefined && !rssCapped && statusKb(pid, 'VmRSS') > maxRssMb * 1024) {
          rssCapped = true;
          kill();
        }
      }
    }, 100);
    const killer = setTimeout(() => {
      timedOut = true;
      kill();
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
        rssCapped,
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

/** A memory figure (kB) from /proc/<pid>/status: VmHWM is the peak, VmRSS the current. */
function statusKb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
