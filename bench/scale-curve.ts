/**
 * The scale curve: ONE crawl of a generated site of up to 1,000,000 URLs
 * (scale-site.ts, answered from memory: no sockets, so the figures are the
 * engine's), sampled as it goes. At each point (URLs known) the child
 * prints URLs known, URLs checked, RSS, heap and the checkpoint the engine
 * last saved through its `saveChanges` port — written by the command line's
 * own SQLite store (cli/state/sqlite-crawl-store.ts), timed, with the bytes
 * the save wrote to the file (the process's write() bytes around it, WAL
 * frames and checkpoints included) and the size of the whole state then.
 *
 * The crawl runs in a child process (`node --import tsx bench/scale-curve.ts
 * --child <urls> <state file>`), its heap set as the command line sets it
 * (cli/heap-growth.ts), that is killed when its resident memory
 * passes a cap (default 2,000 MB) or its time passes one (default 240 s), so
 * the bench never takes the machine down; where and why it stopped is part
 * of the figures. Runs alone with `npx tsx bench/scale-curve.ts`
 * (BENCH_SCALE_URLS, BENCH_SCALE_MAX_RSS_MB, BENCH_SCALE_SECONDS).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { boundHeapGrowth } from '../cli/heap-growth.ts';
import { SqliteCrawlStore } from '../cli/state/sqlite-crawl-store.ts';
import { systemClock } from '../lib/crawl/clock.ts';
import { Crawler } from '../lib/crawl/crawl.ts';
import { reportListsSources } from '../lib/crawl/report.ts';
import type { StopReason } from '../lib/crawl/types.ts';
import { inMemoryWeb } from './in-memory-web.ts';
import { runMeasured } from './measure-child.ts';
import { answerScalePath, scaleSiteFor, siteUrlCount } from './scale-site.ts';

export const DEFAULT_POINTS = [
  10_000, 25_000, 50_000, 100_000, 200_000, 400_000, 700_000, 1_000_000,
];
const ORIGIN = 'http://scale.test';
/** Where the child is between points, so a killed run still says where it stopped. */
const TICK_MS = 2_000;
/** The issue's targets (issue 15). */
export const TARGET_PEAK_RSS_MB = 512;
export const TARGET_RATE_SHARE = 0.8;
/** A save may write up to this many times the bytes of what changed since the one before… */
export const TARGET_SAVE_OVER_CHANGE = 2;
/** …and never the whole state: at most this share of it. */
export const TARGET_SAVE_SHARE = 0.5;

/** What the child knows at one moment. */
export interface ScaleSample {
  /** The point (URLs known) this sample was taken for; null between points. */
  point: number | null;
  known: number;
  /** URLs with a final outcome (pages and links checked). */
  checked: number;
  requests: number;
  elapsedMs: number;
  rssMb: number;
  peakRssMb: number;
  heapUsedMb: number;
}

/** One checkpoint the engine saved (through its `saveChanges` port, by the CLI's SQLite store). */
export interface SaveSample {
  /** When the save ended. */
  elapsedMs: number;
  /** What the saved checkpoint holds. */
  known: number;
  checked: number;
  /** Bytes the save wrote. */
  bytes: number;
  ms: number;
  /** URLs the save wrote a row for, their own state or the links to them (absent for a whole-state save). */
  rows?: number;
  /** Size of the whole state once saved (absent for a whole-state save: `bytes` is it). */
  stateBytes?: number;
}

export interface CurveRow extends ScaleSample {
  point: number;
  /** URLs checked per second since the previous point (or the start). */
  ratePerSecond: number;
  /** The latest save done by this point, with the URLs that changed since the save before it, and when that was. */
  save: (SaveSample & { changed: number; sinceMs: number }) | null;
}

export type ScaleStopReason = StopReason | 'rss-cap' | 'time-cap' | 'crashed';

export interface ScaleStop {
  reason: ScaleStopReason;
  /** The last thing the child said before it ended (a point, a tick or its end). */
  at: ScaleSample | null;
  detail: string;
}

export interface ScaleTarget {
  name: string;
  figure: string;
  target: string;
  pass: boolean;
}

export interface ScaleFigures {
  siteUrls: number;
  pages: number;
  caps: { maxRssMb: number; seconds: number };
  /** The machine's load (1, 5, 15 min) as the run ended: rates on a shared machine drift with it. */
  loadAverage: number[];
  /** Peak RSS of the whole run, measured from outside (null when it cannot be read). */
  peakRssMb: number | null;
  rows: CurveRow[];
  saves: SaveSample[];
  stop: ScaleStop;
  targets: ScaleTarget[];
}

export interface ScaleOptions {
  urls?: number;
  points?: number[];
  maxRssMb?: number;
  seconds?: number;
  /** Sees each line the child prints, as it comes. */
  onLine?: (line: string) => void;
}

export async function measureScaleCurve({
  urls = Number(process.env.BENCH_SCALE_URLS ?? 1_000_000),
  points = DEFAULT_POINTS,
  maxRssMb = Number(process.env.BENCH_SCALE_MAX_RSS_MB ?? 2_000),
  seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 240),
  onLine,
}: ScaleOptions = {}): Promise<ScaleFigures> {
  const site = scaleSiteFor(urls);
  const siteUrls = siteUrlCount(site);
  // The site's own size is the last point: the curve ends where the whole site is known.
  const curvePoints = [...points.filter((point) => point < siteUrls), siteUrls];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'robotlens-scale-'));
  let pending = '';
  try {
    const run = await runMeasured(
      process.execPath,
      [
        // Room for the heap past the RSS cap, so the cap (not V8) ends a big run.
        `--max-old-space-size=${Math.ceil(maxRssMb * 1.5)}`,
        '--import',
        'tsx',
        'bench/scale-curve.ts',
        '--child',
        String(urls),
        path.join(dir, 'crawl-state.sqlite'),
        curvePoints.join(','),
      ],
      {
        timeoutMs: seconds * 1000,
        maxRssMb,
        onStdout: (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) onLine?.(line);
        },
      },
    );
    const messages = parseChildLines(run.stdout);
    const rows = curveRows(messages.samples, messages.saves);
    const stop = stopOf(messages, run, { maxRssMb, seconds });
    const figures = {
      siteUrls,
      pages: site.pages,
      caps: { maxRssMb, seconds },
      loadAverage: os.loadavg(),
      peakRssMb: run.peakRssMb,
      rows,
      saves: messages.saves,
      stop,
    };
    return { ...figures, targets: scaleTargets(figures) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface ChildMessages {
  samples: ScaleSample[];
  saves: SaveSample[];
  /** A save that began and had not ended when the child's output stopped. */
  saving: Saving | null;
  done: { stoppedBecause: StopReason; at: ScaleSample } | null;
}

interface Saving {
  elapsedMs: number;
  known: number;
}

type ChildLine =
  | ({ kind: 'sample' } & ScaleSample)
  | ({ kind: 'save' } & SaveSample)
  | ({ kind: 'saving' } & Saving)
  | { kind: 'done'; stoppedBecause: StopReason; at: ScaleSample };

/** The child's JSON lines; a line cut short by a kill is dropped. */
export function parseChildLines(stdout: string): ChildMessages {
  const messages: ChildMessages = { samples: [], saves: [], saving: null, done: null };
  for (const text of stdout.split('\n')) {
    let line: ChildLine;
    try {
      line = JSON.parse(text) as ChildLine;
    } catch {
      continue;
    }
    if (line.kind === 'sample') messages.samples.push(withoutKind(line));
    else if (line.kind === 'saving') messages.saving = withoutKind(line);
    else if (line.kind === 'save') {
      messages.saves.push(withoutKind(line));
      messages.saving = null;
    } else if (line.kind === 'done')
      messages.done = { stoppedBecause: line.stoppedBecause, at: line.at };
  }
  return messages;
}

function withoutKind<T extends { kind: string }>(line: T): Omit<T, 'kind'> {
  const { kind: _kind, ...rest } = line;
  return rest;
}

/** The rows of the curve: one per point reached, each with its interval's rate and its latest save. */
export function curveRows(samples: ScaleSample[], saves: SaveSample[]): CurveRow[] {
  const rows: CurveRow[] = [];
  let previous = { checked: 0, elapsedMs: 0 };
  for (const sample of samples) {
    if (sample.point === null) continue;
    const seconds = (sample.elapsedMs - previous.elapsedMs) / 1000;
    const ratePerSecond = seconds > 0 ? (sample.checked - previous.checked) / seconds : 0;
    rows.push({ ...sample, point: sample.point, ratePerSecond, save: latestSave(saves, sample) });
    previous = sample;
  }
  return rows;
}

function latestSave(saves: SaveSample[], by: ScaleSample): CurveRow['save'] {
  let index = -1;
  saves.forEach((save, i) => {
    if (save.elapsedMs <= by.elapsedMs) index = i;
  });
  if (index < 0) return null;
  const save = saves[index]!;
  const before = saves[index - 1] ?? { known: 0, checked: 0, elapsedMs: 0 };
  return {
    ...save,
    // The rows written are the URLs that changed; a whole-state save counts them from its totals.
    changed: save.rows ?? save.known - before.known + (save.checked - before.checked),
    sinceMs: save.elapsedMs - before.elapsedMs,
  };
}

function stopOf(
  messages: ChildMessages,
  run: { rssCapped: boolean; timedOut: boolean; exitCode: number | null; stderr: string },
  caps: { maxRssMb: number; seconds: number },
): ScaleStop {
  const at = messages.done?.at ?? messages.samples.at(-1) ?? null;
  // A big save holds the event loop: the child says nothing until it ends.
  const { saving } = messages;
  const during = saving
    ? `, during a checkpoint save of ${count(saving.known)} URLs begun at ${(saving.elapsedMs / 1000).toFixed(0)} s`
    : '';
  if (run.rssCapped)
    return { reason: 'rss-cap', at, detail: `RSS passed the ${caps.maxRssMb} MB cap${during}` };
  if (run.timedOut)
    return { reason: 'time-cap', at, detail: `time passed the ${caps.seconds} s cap${during}` };
  if (messages.done && run.exitCode === 0)
    return { reason: messages.done.stoppedBecause, at, detail: 'the crawl ended' };
  const tail = run.stderr.trim().split('\n').slice(-3).join(' | ');
  return { reason: 'crashed', at, detail: `exit code ${run.exitCode}: ${tail}` };
}

/**
 * The issue's targets against what was measured: peak RSS ≤ 512 MB for the
 * whole crawl of the site; the rate at the last point within 20 % of the
 * rate at the first; a save costing what changed (its bytes ≤ 2 × the
 * changed URLs at the first point's bytes per URL), not the whole state.
 */
export function scaleTargets(
  figures: Pick<ScaleFigures, 'siteUrls' | 'peakRssMb' | 'rows' | 'stop'>,
): ScaleTarget[] {
  const { siteUrls, peakRssMb, rows, stop } = figures;
  const first = rows[0];
  const last = rows.at(-1);
  const reachedEnd = last !== undefined && last.point >= siteUrls;
  const finished = stop.reason === 'finished';
  const where = stop.at
    ? `stopped at ${count(stop.at.known)} URLs known, ${count(stop.at.checked)} checked (${stop.detail})`
    : `stopped before any sample (${stop.detail})`;
  const peak = peakRssMb === null ? 'peak RSS n/a' : `peak RSS ${peakRssMb.toFixed(0)} MB`;
  const targets: ScaleTarget[] = [
    {
      name: `peak RSS, whole crawl of ${count(siteUrls)} URLs`,
      figure: finished ? peak : `${peak}; ${where}`,
      target: `≤ ${TARGET_PEAK_RSS_MB} MB`,
      pass: finished && peakRssMb !== null && peakRssMb <= TARGET_PEAK_RSS_MB,
    },
  ];
  const rateFigure =
    first && last && reachedEnd
      ? `${rate(last.ratePerSecond)} at ${count(last.point)} / ${rate(first.ratePerSecond)} at ${count(first.point)}`
      : `${first ? `${rate(first.ratePerSecond)} at ${count(first.point)}; ` : ''}${count(siteUrls)} not reached`;
  targets.push({
    name: `rate at ${count(siteUrls)} URLs known / at ${count(first?.point ?? 0)}`,
    figure: rateFigure,
    target: `≥ ${TARGET_RATE_SHARE * 100} %`,
    pass:
      first !== undefined &&
      last !== undefined &&
      reachedEnd &&
      last.ratePerSecond >= TARGET_RATE_SHARE * first.ratePerSecond,
  });
  targets.push(saveTarget(rows));
  return targets;
}

/**
 * The last point's save, against what changed and against the whole state,
 * both in bytes at the first point's bytes per URL (for the JSON checkpoint
 * that save is the whole state, so the estimate holds for any later one).
 * Both bounds, because the adaptive spacing (checkpointer.ts) lets a whole-
 * state save come so late that most of the state changed since the one
 * before: that save still rewrote everything, and a kill before it lost
 * everything since the last.
 */
function saveTarget(rows: CurveRow[]): ScaleTarget {
  const name = 'checkpoint save: share of the state written / share changed';
  const target = `≤ ${TARGET_SAVE_OVER_CHANGE}× and ≤ ${TARGET_SAVE_SHARE * 100} % of the state`;
  const withSave = rows.filter((row) => row.save !== null && row.save.known > 0);
  const reference = withSave[0]?.save;
  const latest = withSave.at(-1)?.save;
  if (!reference || !latest || withSave.length < 2)
    return { name, figure: 'fewer than two points with a save', target, pass: false };
  // A store that says its size gives the share written exactly; else estimated from the first save.
  const written =
    latest.stateBytes !== undefined
      ? latest.bytes / latest.stateBytes
      : latest.bytes / (latest.known * (reference.bytes / reference.known));
  const changed = latest.changed / latest.known;
  const ratio = written / Math.max(changed, 1 / latest.known);
  return {
    name,
    figure: `${ratio.toFixed(1)}×: ${mb(latest.bytes)} in ${(latest.ms / 1000).toFixed(3)} s at ${count(latest.known)} known, ${latest.stateBytes === undefined ? '≈ ' : ''}${percent(written)} of the state${latest.stateBytes === undefined ? '' : ` (${mb(latest.stateBytes)})`}; ${count(latest.changed)} URLs (${percent(changed)}) changed in the ${(latest.sinceMs / 1000).toFixed(1)} s since the save before`,
    target,
    pass: ratio <= TARGET_SAVE_OVER_CHANGE && written <= TARGET_SAVE_SHARE,
  };
}

const percent = (share: number): string => `${(100 * share).toFixed(0)} %`;
const count = (n: number): string => n.toLocaleString('en-US');
const rate = (perSecond: number): string => `${perSecond.toFixed(0)}/s`;
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** The curve as a text table, then where it stopped, then the targets marked met / not met. */
export function formatScaleCurve(figures: ScaleFigures): string[] {
  const header = [
    'URLs known',
    'checked',
    'RSS MB',
    'peak MB',
    'heap MB',
    'URLs/s',
    'save MB',
    'save s',
    'changed',
    'since s',
    'state MB',
  ];
  const body = figures.rows.map((row) => [
    count(row.known),
    count(row.checked),
    row.rssMb.toFixed(0),
    row.peakRssMb.toFixed(0),
    row.heapUsedMb.toFixed(0),
    row.ratePerSecond.toFixed(0),
    row.save ? (row.save.bytes / 2 ** 20).toFixed(2) : '-',
    row.save ? (row.save.ms / 1000).toFixed(3) : '-',
    row.save ? count(row.save.changed) : '-',
    row.save ? (row.save.sinceMs / 1000).toFixed(1) : '-',
    row.save?.stateBytes !== undefined ? (row.save.stateBytes / 2 ** 20).toFixed(0) : '-',
  ]);
  const table = [header, ...body];
  const widths = header.map((_, i) => Math.max(...table.map((cells) => cells[i]!.length)));
  const lines = table.map((cells) => cells.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  const { stop } = figures;
  const savedMs = figures.saves.reduce((sum, save) => sum + save.ms, 0);
  const largest = Math.max(0, ...figures.saves.map((save) => save.bytes));
  // The WAL is copied into the file only once it outgrows it: one save's bytes are spiky, their sum is not.
  const writtenBytes = figures.saves.reduce((sum, save) => sum + save.bytes, 0);
  lines.push(
    '',
    `Site: ${count(figures.siteUrls)} URLs (${count(figures.pages)} pages). Caps: ${figures.caps.maxRssMb} MB RSS, ${figures.caps.seconds} s. Load average at the end: ${figures.loadAverage.map((x) => x.toFixed(1)).join(' ')}.`,
    stop.at
      ? `Stopped (${stop.reason}): ${stop.detail}. Last sample at ${(stop.at.elapsedMs / 1000).toFixed(0)} s: ${count(stop.at.known)} URLs known, ${count(stop.at.checked)} checked, RSS ${stop.at.rssMb.toFixed(0)} MB; peak RSS of the run ${figures.peakRssMb?.toFixed(0) ?? 'n/a'} MB.`
      : `Stopped (${stop.reason}): ${stop.detail}.`,
    `${figures.saves.length} checkpoint saves took ${(savedMs / 1000).toFixed(0)} s and wrote ${mb(writtenBytes)} in all; the largest wrote ${mb(largest)}.`,
    '',
  );
  for (const t of figures.targets)
    lines.push(`${t.pass ? 'met    ' : 'NOT MET'}  ${t.name}: ${t.figure} (target ${t.target})`);
  return lines;
}

/** Rows for bench/run.ts's table: [name, figure, target, pass?]. */
export function scaleCurveRows(figures: ScaleFigures): [string, string, string, boolean?][] {
  const rows: [string, string, string, boolean?][] = figures.rows.map((row) => [
    `scale curve, ${count(row.point)} URLs known (${count(row.checked)} checked)`,
    `RSS ${row.rssMb.toFixed(0)} MB, heap ${row.heapUsedMb.toFixed(0)} MB, ${rate(row.ratePerSecond)}, save ${row.save ? `${mb(row.save.bytes)} in ${row.save.ms.toFixed(0)} ms` : '-'}`,
    '',
  ]);
  const { stop } = figures;
  rows.push([
    'scale curve: stopped',
    `${stop.reason}: ${stop.detail}${stop.at ? ` at ${count(stop.at.known)} URLs known` : ''}`,
    '',
  ]);
  for (const t of figures.targets)
    rows.push([`scale curve: ${t.name}`, t.figure, t.target, t.pass]);
  return rows;
}

/** The child: crawls the site, printing a JSON line per point, per tick, per save and at its end. */
async function crawlSampled(urls: number, stateFile: string, points: number[]): Promise<void> {
  const site = scaleSiteFor(urls);
  const startedMs = performance.now();
  const print = (line: ChildLine): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
  let crawler: Crawler | null = null;
  const sample = (point: number | null): ScaleSample => {
    const book = crawler!.book;
    const memory = process.memoryUsage();
    return {
      point,
      known: book.known.size,
      checked: book.recordCount,
      requests: book.requests,
      elapsedMs: performance.now() - startedMs,
      rssMb: memory.rss / 2 ** 20,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      heapUsedMb: memory.heapUsed / 2 ** 20,
    };
  };
  let nextPoint = 0;
  let lastTickMs = 0;
  const store = SqliteCrawlStore.open(stateFile);
  crawler = Crawler.start(
    {
      startUrls: [`${ORIGIN}/`],
      delayMs: 0,
      maxPages: site.pages * 2,
      maxDepth: 100_000,
      concurrencyPerOrigin: 8,
      maxDurationMs: 24 * 3_600_000,
    },
    {
      http: inMemoryWeb((pathname) => answerScalePath(pathname, site)),
      clock: systemClock,
      // As the command line does: packed URLs leave the heap once saved.
      readPacked: store.readPacked,
      // The command line's own store: one SQLite transaction with what changed.
      saveChanges: (changes) => {
        const book = crawler!.book;
        const known = book.known.size;
        const checked = book.recordCount;
        const started = performance.now();
        print({ kind: 'saving', elapsedMs: started - startedMs, known });
        const writtenBefore = bytesWritten();
        store.save(changes);
        const bytes = bytesWritten() - writtenBefore;
        const ms = performance.now() - started;
        print({
          kind: 'save',
          elapsedMs: performance.now() - startedMs,
          known,
          checked,
          bytes,
          ms,
          // A URL whose own state and links both changed is one URL changed, not two.
          rows: new Set([...changes.rows, ...changes.links].map((row) => row.url)).size,
          stateBytes: store.sizeBytes(),
        });
        return Promise.resolve();
      },
      onEvent: () => {
        const known = crawler!.book.known.size;
        while (nextPoint < points.length && known >= points[nextPoint]!)
          print({ kind: 'sample', ...sample(points[nextPoint++]!) });
        const nowMs = performance.now();
        if (nowMs - lastTickMs < TICK_MS) return;
        lastTickMs = nowMs;
        print({ kind: 'sample', ...sample(null) });
      },
    },
  );
  // As the command line does with a state file: the finished checkpoint is the report's, with the problems' sources only.
  await crawler.run(undefined, reportListsSources);
  store.close();
  print({
    kind: 'done',
    stoppedBecause: crawler.book.stoppedBecause ?? 'finished',
    at: sample(null),
  });
}

/** Bytes this process has passed to write() so far (Linux: /proc/self/io `wchar`). */
function bytesWritten(): number {
  const io = readFileSync('/proc/self/io', 'utf8');
  return Number(/^wchar: (\d+)$/m.exec(io)?.[1] ?? 0);
}

/** A point reached, told as it comes (a full run takes minutes). */
function showProgress(line: string): void {
  const message = parseChildLines(line).samples[0];
  if (message?.point == null) return;
  process.stderr.write(
    `${count(message.known)} URLs known, ${count(message.checked)} checked, RSS ${message.rssMb.toFixed(0)} MB, ${(message.elapsedMs / 1000).toFixed(0)} s\n`,
  );
}

if (process.argv[2] === '--child' && process.argv[1]?.endsWith('scale-curve.ts')) {
  const [, , , urls, stateFile, points] = process.argv;
  // The heap as the command line's process sets it (cli/heap-growth.ts).
  boundHeapGrowth();
  await crawlSampled(Number(urls), stateFile!, points!.split(',').map(Number));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await measureScaleCurve({ onLine: showProgress });
  for (const line of formatScaleCurve(figures)) console.log(line);
  // Alone, it updates its own part of bench/results.json (`npm run bench` rewrites the whole file).
  const file = 'bench/results.json';
  const saved = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as object) : {};
  const scaleCurve = { measuredAt: new Date().toISOString(), ...figures };
  await writeFile(file, `${JSON.stringify({ ...saved, scaleCurve }, null, 2)}\n`);
}
