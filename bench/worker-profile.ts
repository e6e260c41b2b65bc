/**
 * A CPU profile of the extension's service worker through one crawl of
 * Debian's django docs (the site and settings of worker-stops.ts), and the
 * functions that took its time. Playwright's own session on the worker
 * offers no profiler, so the profile goes through Chromium's own debugging
 * port: the worker's target there, over a WebSocket (Node 20:
 * --experimental-websocket).
 *
 *   NODE_OPTIONS=--experimental-websocket npx tsx bench/worker-profile.ts [out.cpuprofile]
 *
 * Open the profile in Chrome's DevTools (Performance) for the call tree. An
 * unminified build names the functions: `build: { minify: false }` in
 * wxt.config.ts's vite settings, for that build only.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { benchLaunchOptions } from './browser.ts';
import { ORIGIN, SETTINGS, startNginx } from './worker-stops.ts';

const EXTENSION_DIR = path.resolve(process.env.ROBOTLENS_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');
const DEBUG_PORT = Number(process.env.ROBOTLENS_DEBUG_PORT ?? 9229);
/** Microseconds between samples. */
const SAMPLE_US = 200;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

/** A CDP session on one target's WebSocket: commands in order, answers by id. */
async function cdpSession(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  let next = 0;
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = ++next;
        pending.set(id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

async function crawlFinished(page: Page): Promise<void> {
  const key = `crawl.progress.${ORIGIN}`;
  for (;;) {
    const progress = (await page.evaluate((k) => chrome.storage.session.get(k), key))[key] as
      { phase: string } | undefined;
    if (progress && progress.phase !== 'running') return;
    await page.waitForTimeout(100);
  }
}

/** Milliseconds per function, self and with its callees, heaviest first. */
function heaviest(profile: CpuProfile, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const sample of profile.samples) {
    self.set(name(byId.get(sample)!), (self.get(name(byId.get(sample)!)) ?? 0) + msPerSample);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id))
      seen.add(name(byId.get(id)!));
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + msPerSample);
  }
  const top = (times: Map<string, number>) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`);
  return ['self:', ...top(self), 'with callees:', ...top(total)];
}

async function profileCrawl(out: string): Promise<void> {
  startNginx();
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-profile-'));
  const launch = benchLaunchOptions(EXTENSION_DIR);
  const context = await chromium.launchPersistentContext(profileDir, {
    ...launch,
    args: [...launch.args, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    const targets = (await (await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/list`)).json()) as {
      type: string;
      url: string;
      webSocketDebuggerUrl: string;
    }[];
    const target = targets.find((t) => t.type === 'service_worker' && t.url.includes(id));
    if (!target) throw new Error('no service worker target on the debugging port');
    const cdp = await cdpSession(target.webSocketDebuggerUrl);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
    const page = await context.newPage();
    await page.goto(`chrome-extension://${id}/popup.html?tabId=1`);
    await cdp.send('Profiler.start');
    const start = { type: 'start-crawl', startUrl: `${ORIGIN}/`, settings: SETTINGS };
    const reply = await page.evaluate((message) => chrome.runtime.sendMessage(message), start);
    if (!(reply as { ok: boolean }).ok) throw new Error(JSON.stringify(reply));
    await crawlFinished(page);
    const { profile } = await cdp.send<{ profile: CpuProfile }>('Profiler.stop');
    cdp.close();
    await writeFile(out, JSON.stringify(profile));
    console.log(`${out}\n${heaviest(profile, 25).join('\n')}`);
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (typeof WebSocket === 'undefined')
    throw new Error('No WebSocket in this Node: NODE_OPTIONS=--experimental-websocket');
  await profileCrawl(process.argv[2] ?? path.join(os.tmpdir(), 'robotlens-worker.cpuprofile'));
}
