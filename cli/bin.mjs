#!/usr/bin/env node
// The command line runs the TypeScript sources directly (no build step after
// `npm ci`); tsx compiles them on load.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
