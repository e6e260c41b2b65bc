/**
 * The exact command that carries a cut-short crawl on, as a person would
 * paste it into a POSIX shell.
 */
export function resumeCommand(stateFile: string, outputArgs: string[]): string {
  return ['robotlens', 'crawl', '--resume', stateFile, ...outputArgs].map(shellWord).join(' ');
}

/** A word as the shell reads it back unchanged: quoted only when it needs to be. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
