#!/usr/bin/env node
// The command line from the TypeScript sources, for the repository's own
// scripts and tests (no build step after `npm ci`); tsx compiles them on
// load. The installed package runs the compiled dist/robotlens.mjs instead
// (see bin/robotlens.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./entry.ts');
