/** Runs the command line as a user would (`node cli/bin.mjs …`), for black-box tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * English unless `env` says otherwise, whatever the machine's locale: the
 * tests read the English text output.
 */
export function runCli(
  args: string[],
  stdin?: string,
  onSpawn?: (child: ChildProcess) => void,
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['cli/bin.mjs', ...args], {
      stdio: 'pipe',
      env: { ...process.env, LC_ALL: 'en_US.UTF-8', ...env },
    });
    onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

export interface MeasuredRun extends CliRun {
  elapsedMs: number;
  /** The child's peak resident memory (Linux VmHWM), sampled every 20 ms while it runs. */
  peakRssBytes: number;
}

/**
 * runCli, timed, with the command's peak memory. A run still going after
 * `killAfterMs` is killed and rejected, so a hang fails the test instead of
 * outliving it.
 */
export async function runCliMeasured(args: string[], killAfterMs = 50_000): Promise<MeasuredRun> {
  const startedMs = performance.now();
  let peakKb = 0;
  let sampler: NodeJS.Timeout | undefined;
  let killer: NodeJS.Timeout | undefined;
  let killed = false;
  const run = await runCli(args, undefined, (child) => {
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0));
      } catch {
        // The process has just exited; its peak was read on an earlier sample.
      }
    };
    sampler = setInterval(sample, 20);
    killer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, killAfterMs);
  });
  clearInterval(sampler);
  clearTimeout(killer);
  if (killed) throw new Error(`robotlens ${args.join(' ')} did not end within ${killAfterMs} ms`);
  return { ...run, elapsedMs: performance.now() - startedMs, peakRssBytes: peakKb * 1024 };
}
