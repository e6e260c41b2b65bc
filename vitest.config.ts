import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: [
      'lib/**/*.test.ts',
      'cli/**/*.test.ts',
      'entrypoints/**/*.test.ts',
      'extension/**/*.test.ts',
      'components/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.ts',
    ],
    // Unit tests never reach the network: the only servers are ours on 127.0.0.1.
    // 60 s: a command-line test spawns `node cli/bin.mjs` (compiled on load) several
    // times, which took over 20 s on a slow shared 2-core machine; a hang still fails.
    testTimeout: 60_000,
    globalSetup: ['tests/support/temp-folder.ts'],
  },
});
