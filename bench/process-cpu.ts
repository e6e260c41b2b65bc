/**
 * CPU time by process (Linux /proc), for the browser benches: how much of
 * a crawl's CPU is the extension's process, Chromium's browser process and
 * network service, and this process (the bench's site server); and, in the
 * extension's process, by thread (the service worker's own thread apart).
 * Chromium rewrites its processes' command lines, so the kind is read from
 * the `--type=` and `--utility-sub-type=` words wherever they are.
 */
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

/** CPU ticks so far, by "pid kind" and by extension thread name. */
export interface CpuSnapshot {
  processes: Map<string, number>;
  extensionThreads: Map<string, number>;
}

/** CPU seconds between two snapshots, by kind of process and by extension thread. */
export interface CpuSpent {
  /** e.g. `extension`, `browser`, `network`, `renderer`, `gpu-process`, `bench` (this process). */
  byProcess: Record<string, number>;
  /** Threads of the extension's process, by name (`ServiceWorker t` is the service worker's). */
  byExtensionThread: Record<string, number>;
  total: number;
}

export async function snapshotCpu(): Promise<CpuSnapshot> {
  const processes = new Map<string, number>();
  const extensionThreads = new Map<string, number>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const kind = processKind(pid, await readFile(`/proc/${pid}/cmdline`, 'utf8'));
      if (!kind) continue;
      processes.set(`${pid} ${kind}`, ticksOf(await readFile(`/proc/${pid}/stat`, 'utf8')));
      if (kind === 'extension') await addThreads(pid, extensionThreads);
    } catch {
      // The process ended meanwhile.
    }
  }
  return { processes, extensionThreads };
}

export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): CpuSpent {
  const byProcess: Record<string, number> = {};
  let total = 0;
  for (const [key, ticks] of after.processes) {
    const seconds = (ticks - (before.processes.get(key) ?? 0)) / TICKS_PER_SECOND;
    const kind = key.slice(key.indexOf(' ') + 1);
    byProcess[kind] = (byProcess[kind] ?? 0) + seconds;
    total += seconds;
  }
  const byExtensionThread: Record<string, number> = {};
  for (const [name, ticks] of after.extensionThreads)
    byExtensionThread[name] = (ticks - (before.extensionThreads.get(name) ?? 0)) / TICKS_PER_SECOND;
  return { byProcess, byExtensionThread, total };
}

/** One line: seconds by process kind, then the service worker's thread. */
export function formatCpu(spent: CpuSpent, wallSeconds: number): string {
  const kinds = Object.entries(spent.byProcess)
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, seconds]) => `${kind} ${seconds.toFixed(2)}`);
  const worker = spent.byExtensionThread['ServiceWorker t'] ?? 0;
  return (
    `CPU s: ${kinds.join(', ')}; total ${spent.total.toFixed(2)} ` +
    `(${((100 * spent.total) / wallSeconds).toFixed(0)} % of one core); ` +
    `service worker thread ${worker.toFixed(2)} (${((100 * worker) / wallSeconds).toFixed(0)} % busy)`
  );
}

function processKind(pid: string, commandLine: string): string | null {
  if (Number(pid) === process.pid) return 'bench';
  const words = commandLine.split(/[\0 ]/);
  if (!words[0]?.includes('chrom')) return null;
  if (words.includes('--extension-process')) return 'extension';
  const type = words.find((w) => w.startsWith('--type='))?.slice('--type='.length);
  if (!type) return 'browser';
  const sub = words.find((w) => w.startsWith('--utility-sub-type='));
  return sub?.includes('NetworkService') ? 'network' : type;
}

async function addThreads(pid: string, threads: Map<string, number>): Promise<void> {
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    threads.set(name, (threads.get(name) ?? 0) + ticksOf(stat));
  }
}

/** utime + stime, fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name). */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
