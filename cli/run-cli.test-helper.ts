/** Runs the command line as a user would (`node cli/bin.mjs …`), for black-box tests. */
import { spawn } from 'node:child_process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], stdin?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['cli/bin.mjs', ...args], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}
