// web-ext ships no types; only what scripts/lint-firefox.ts and
// tests/firefox/smoke.ts use is declared.
declare module 'web-ext' {
  interface CommandOptions {
    shouldExitProgram: boolean;
  }
  const webExt: {
    cmd: {
      lint(params: Record<string, unknown>, options: CommandOptions): Promise<unknown>;
      run(
        params: Record<string, unknown>,
        options: CommandOptions,
      ): Promise<{ exit(): Promise<void> }>;
    };
  };
  export default webExt;
}
