/**
 * What plain `fetch` costs the memory of an extension's process, apart from
 * RobotLens: an extension with nothing but a service worker (and an
 * offscreen document for the offscreen variants) fetches the pages of a
 * real site (Debian's libstdc++ docs by default, served by
 * nginx on 127.0.0.1), 8 at once, bodies read, and the process's resident
 * memory is printed every 2,000 fetches. Each variant runs in a fresh
 * Chromium:
 *   - watched: Playwright's default, DevTools network tracking on in the
 *     worker (what the e2e tests run with);
 *   - unwatched: that tracking off, as the other browser benches run (see
 *     trackWorkerRequests);
 *   - timeout-signal: unwatched, each fetch given `AbortSignal.timeout(15 s)`
 *     (what extension/fetch-http.ts did before lib/http/request-deadline.ts);
 *   - big-heap: unwatched, with ~300 MB of live objects in the worker's
 *     heap, as a large crawl's state makes it: V8 then collects less often,
 *     and each fetch's native garbage waits for that collection;
 *   - big-heap-offscreen: big-heap, the fetches made and the bodies read in
 *     an offscreen document (a heap of its own, small), each body handed to
 *     the worker as a transferred ArrayBuffer;
 *   - big-heap-offscreen-sizes: the same, only each body's size handed
 *     back;
 *   - big-heap-offscreen-links: the same, each page's `href` values handed
 *     back: roughly what reading pages where they are fetched would send
 *     the worker.
 *
 * VARIANTS=big-heap,big-heap-offscreen-sizes runs only those.
 *
 *   npx tsx bench/worker-fetch-memory.ts [docRoot] [fetches]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Worker } from '@playwright/test';
import { extensionLaunchOptions } from '../tests/e2e/launch-options.ts';
import { extensionProcessRssMb, trackWorkerRequests } from './browser.ts';
import { htmlFiles } from './html-files.ts';
import { startNginx } from './real-site.ts';

const ALL_VARIANTS = [
  'watched',
  'unwatched',
  'timeout-signal',
  'big-heap',
  'big-heap-offscreen',
  'big-heap-offscreen-sizes',
  'big-heap-offscreen-links',
] as const;
type Variant = (typeof ALL_VARIANTS)[number];
const VARIANTS: readonly Variant[] = process.env.VARIANTS
  ? ALL_VARIANTS.filter((variant) => process.env.VARIANTS!.split(',').includes(variant))
  : ALL_VARIANTS;
const STEP = 2_000;

/** What one batch of fetches runs in the worker: plain JavaScript, sent as text. */
const FETCH_BATCH = `async (urls, variant) => {
  if (variant.startsWith('big-heap'))
    self.kept ??= Array.from({ length: 1_500_000 }, (_, i) => ({ url: 'http://x/' + i, n: i, list: [i, 'x' + i] }));
  if (variant.startsWith('big-heap-offscreen')) return self.fetchOffscreen(urls, variant.slice('big-heap-offscreen-'.length));
  let next = 0;
  const one = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const signal = variant === 'timeout-signal' ? AbortSignal.timeout(15_000) : undefined;
      const response = await fetch(url, { credentials: 'omit', cache: 'no-store', signal });
      const reader = response.body.getReader();
      while (!(await reader.read()).done);
    }
  };
  await Promise.all(Array.from({ length: 8 }, one));
}`;

/**
 * The big-heap-offscreen variants: an offscreen document fetches and reads
 * the pages; the worker sends it the URLs over a MessageChannel and takes
 * back the bodies, their sizes or their `href` values (keeping the last
 * page's, as a crawl keeps what it reads).
 */
const OFFSCREEN_WORKER = `
let port = null;
self.addEventListener('message', (event) => { if (event.data === 'port') port = event.ports[0]; });
self.fetchOffscreen = async (urls, answer) => {
  if (!port) {
    await chrome.offscreen.createDocument({ url: 'offscreen.html', reasons: ['WORKERS'], justification: 'bench' });
    while (!port) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  let bytes = 0;
  await new Promise((resolve) => {
    port.onmessage = (event) => {
      if (event.data.done) resolve();
      else bytes += event.data.size ?? event.data.body.byteLength;
      if (event.data.links) self.lastLinks = event.data.links;
    };
    port.postMessage({ urls, answer });
  });
  return bytes;
};`;

const OFFSCREEN_PAGE = `
const channel = new MessageChannel();
navigator.serviceWorker.ready.then((registration) => registration.active.postMessage('port', [channel.port2]));
channel.port1.onmessage = async ({ data: { urls, answer } }) => {
  let next = 0;
  const one = async () => {
    while (next < urls.length) {
      const response = await fetch(urls[next++], { credentials: 'omit', cache: 'no-store' });
      const body = await response.arrayBuffer();
      if (answer === 'sizes') channel.port1.postMessage({ size: body.byteLength });
      else if (answer === 'links') {
        const html = new TextDecoder().decode(body);
        const links = Array.from(html.matchAll(/href="([^"]*)"/g), (match) => match[1]);
        channel.port1.postMessage({ size: body.byteLength, links });
      } else channel.port1.postMessage({ body }, [body]);
    }
  };
  await Promise.all(Array.from({ length: 8 }, one));
  channel.port1.postMessage({ done: true });
};`;

async function emptyExtension(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-empty-extension-'));
  const manifest = {
    manifest_version: 3,
    name: 'empty',
    version: '1',
    background: { service_worker: 'worker.js' },
    host_permissions: ['http://127.0.0.1/*'],
    permissions: ['offscreen'],
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'worker.js'), OFFSCREEN_WORKER);
  await writeFile(path.join(dir, 'offscreen.html'), '<script src="offscreen.js"></script>');
  await writeFile(path.join(dir, 'offscreen.js'), OFFSCREEN_PAGE);
  return dir;
}

async function measure(variant: Variant, urls: string[], fetches: number): Promise<string> {
  trackWorkerRequests(variant === 'watched');
  const extension = await emptyExtension();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-bench-profile-'));
  const context = await chromium.launchPersistentContext(
    profile,
    extensionLaunchOptions(extension),
  );
  try {
    const worker: Worker =
      context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const curve: string[] = [];
    const started = performance.now();
    for (let done = 0; done < fetches; done += STEP) {
      const batch = Array.from({ length: STEP }, (_, i) => urls[(done + i) % urls.length]!);
      await worker.evaluate(`(${FETCH_BATCH})(${JSON.stringify(batch)}, '${variant}')`);
      curve.push(`${(done + STEP).toLocaleString('en')}: ${extensionProcessRssMb()?.toFixed(0)}`);
    }
    const rate = fetches / ((performance.now() - started) / 1000);
    return `${variant.padEnd(15)} ${rate.toFixed(0)} fetches/s; RSS MB by fetches ${curve.join(', ')}`;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await rm(extension, { recursive: true, force: true });
  }
}

const [docRoot = '/usr/share/doc/gcc-12-base/libstdc++', count = '14000'] = process.argv.slice(2);
const nginx = await startNginx(docRoot);
try {
  const urls = (await htmlFiles(docRoot)).map(
    (file) => `${nginx.origin}/${path.relative(docRoot, file).split(path.sep).join('/')}`,
  );
  for (const variant of VARIANTS) console.log(await measure(variant, urls, Number(count)));
} finally {
  await nginx.stop();
}
