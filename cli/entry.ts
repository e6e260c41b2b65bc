/** The command line's process: `robotlens <args>` → the exit code. */
import { ignoreClosedPipe } from './closed-pipe.ts';
import { boundHeapGrowth } from './heap-growth.ts';
import { main } from './main.ts';

boundHeapGrowth();
ignoreClosedPipe(process.stdout);
ignoreClosedPipe(process.stderr);
process.exitCode = await main(process.argv.slice(2));
