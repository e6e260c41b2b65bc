/**
 * `robotlens … | head`: once the reader has gone, writes fail with EPIPE.
 * That is the reader's choice, not an error — the command ends as it would
 * have (same exit code), without a stack trace. Any other write error is
 * still thrown.
 */
export function ignoreClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
