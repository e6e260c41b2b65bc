/** The built page reader (entrypoints/content.ts), as WXT names it: injected or registered by this path. */
export const PAGE_READER_FILE = '/content-scripts/content.js';
