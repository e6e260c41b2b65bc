#!/usr/bin/env node
// `robotlens`: in a clone of the repository, the TypeScript sources (so a
// change needs no build); installed from the package, which holds no
// sources, the compiled JavaScript built at `npm pack` (no tsx needed).
import { existsSync } from 'node:fs';

const fromSources = existsSync(new URL('../cli/entry.ts', import.meta.url));
await import(fromSources ? '../cli/bin.mjs' : '../dist/robotlens.mjs');
