// The worker from the TypeScript sources (cli/bin.mjs, the tests): a worker
// thread does not inherit the main thread's tsx hooks, so it registers its
// own. The built command line runs dist/read-page-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
const { default: readPageRequest } = await import('./read-page-worker.ts');
export default readPageRequest;
