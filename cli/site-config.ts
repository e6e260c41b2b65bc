/**
 * `site.json`: how given paths of a fixture site answer, read and validated
 * once, when the server starts.
 *
 *   { "routes":   { "/exact/path": Route, … },
 *     "prefixes": { "/every/path/under/": Route, … } }
 *
 * A Route is an Answer plus `sequence` and `methods` (see `RouteSpec`). Unknown
 * keys are a startup error, so a typo in a fixture fails loudly instead of
 * silently serving the default.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveInside } from './site-files.ts';
import { isObject } from '../lib/text/json-object.ts';

/** One way of answering a request. */
export interface Answer {
  status?: number;
  /** Response headers; an array sends the header once per value. */
  headers?: Record<string, string | string[]>;
  /** Serve this body instead of a file. */
  body?: string;
  /** Serve this file (relative to the site folder) instead of the path's own. */
  file?: string;
  /** Serve a generated HTML page of this many bytes, streamed (never held in memory). */
  bytes?: number;
  /** Serve a generated endless site. `calendar`: `?month=YYYY-MM` pages linking to the months either side. */
  generator?: Generator;
  /** Shorthand for `Location` (placeholders allowed) with status 301 unless `status` says otherwise. */
  redirect?: string;
  /** Gzip the body and send `Content-Encoding: gzip`, whatever the request accepts. */
  gzip?: boolean;
  /** Answer this late. */
  delayMs?: number;
  /** Accept the request and never answer: the socket stays open until the server closes. */
  hang?: boolean;
}

export interface RouteSpec extends Answer {
  /** Successive requests to the path (any method) get successive answers; the last one repeats. */
  sequence?: Answer[];
  /** Per-method overrides, e.g. `{ "HEAD": { "status": 405 } }`; applied last. */
  methods?: Record<string, Answer>;
}

export type Generator = 'calendar';

export interface SiteConfig {
  routes?: Record<string, RouteSpec>;
  prefixes?: Record<string, RouteSpec>;
}

/** The keys that say where an answer's body comes from; at most one per answer. */
export const BODY_SOURCES = ['body', 'file', 'bytes', 'generator'] as const;
const ANSWER_KEYS = [...BODY_SOURCES, 'status', 'headers', 'redirect', 'gzip', 'delayMs', 'hang'];
const ROUTE_KEYS = [...ANSWER_KEYS, 'sequence', 'methods'];
const GENERATORS: readonly string[] = ['calendar'] satisfies Generator[];

/** The site.json in `root`, validated; `{}` when there is none. Throws listing every problem. */
export async function readSiteConfig(root: string): Promise<SiteConfig> {
  const file = path.join(root, 'site.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  const errors = validateConfig(parsed, root);
  if (errors.length > 0) throw new Error(`${file} is invalid:\n  ${errors.join('\n  ')}`);
  return parsed as SiteConfig;
}

/** Every problem in a site.json, as `where: what` lines; empty when valid. */
export function validateConfig(config: unknown, root: string): string[] {
  const errors: string[] = [];
  if (!isObject(config)) return ['the top level must be an object'];
  checkKeys(config, ['routes', 'prefixes'], '(top level)', errors);
  for (const table of ['routes', 'prefixes'] as const) {
    const routes = config[table];
    if (routes === undefined) continue;
    if (!isObject(routes)) {
      errors.push(`${table}: must be an object of path → route`);
      continue;
    }
    for (const [key, route] of Object.entries(routes)) {
      const where = `${table}[${JSON.stringify(key)}]`;
      if (!key.startsWith('/')) errors.push(`${where}: the path must start with "/"`);
      validateRoute(route, where, root, errors);
    }
  }
  return errors;
}

function validateRoute(route: unknown, where: string, root: string, errors: string[]): void {
  if (!isObject(route)) return void errors.push(`${where}: must be an object`);
  checkKeys(route, ROUTE_KEYS, where, errors);
  validateAnswer(route, where, root, errors);
  const { sequence, methods } = route;
  if (sequence !== undefined) {
    if (!Array.isArray(sequence) || sequence.length === 0) {
      errors.push(`${where}.sequence: must be a non-empty array of answers`);
    } else {
      sequence.forEach((step, i) => {
        const stepWhere = `${where}.sequence[${i}]`;
        if (!isObject(step)) return void errors.push(`${stepWhere}: must be an object`);
        checkKeys(step, ANSWER_KEYS, stepWhere, errors);
        validateAnswer(step, stepWhere, root, errors);
      });
    }
  }
  if (methods !== undefined) {
    if (!isObject(methods)) return void errors.push(`${where}.methods: must be an object`);
    for (const [method, override] of Object.entries(methods)) {
      const methodWhere = `${where}.methods.${method}`;
      if (!/^[A-Z]+$/.test(method)) errors.push(`${methodWhere}: method names are upper-case`);
      if (!isObject(override)) {
        errors.push(`${methodWhere}: must be an object`);
        continue;
      }
      checkKeys(override, ANSWER_KEYS, methodWhere, errors);
      validateAnswer(override, methodWhere, root, errors);
    }
  }
}

function validateAnswer(
  answer: Record<string, unknown>,
  where: string,
  root: string,
  errors: string[],
): void {
  const fail = (key: string, what: string) => errors.push(`${where}.${key}: ${what}`);
  const { status, headers, body, file, bytes, generator, redirect, gzip, delayMs, hang } = answer;
  if (status !== undefined && !(Number.isInteger(status) && isStatus(status as number)))
    fail('status', 'must be an integer from 100 to 599');
  if (headers !== undefined) {
    if (!isObject(headers)) fail('headers', 'must be an object of name → string or string[]');
    else
      for (const [name, value] of Object.entries(headers))
        if (!(typeof value === 'string' || (Array.isArray(value) && value.every(isString))))
          fail(`headers.${name}`, 'must be a string or an array of strings');
  }
  if (body !== undefined && typeof body !== 'string') fail('body', 'must be a string');
  if (file !== undefined) {
    if (typeof file !== 'string') fail('file', 'must be a path inside the site folder');
    else if (resolveInside(root, file) === null) fail('file', 'must stay inside the site folder');
  }
  if (bytes !== undefined && !(Number.isInteger(bytes) && (bytes as number) >= 0))
    fail('bytes', 'must be a non-negative integer');
  if (generator !== undefined && !GENERATORS.includes(generator as string))
    fail('generator', `must be one of ${GENERATORS.join(', ')}`);
  if (redirect !== undefined && typeof redirect !== 'string') fail('redirect', 'must be a URL');
  if (gzip !== undefined && typeof gzip !== 'boolean') fail('gzip', 'must be true or false');
  if (hang !== undefined && typeof hang !== 'boolean') fail('hang', 'must be true or false');
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0))
    fail('delayMs', 'must be a non-negative number');
  const sources = BODY_SOURCES.filter((key) => answer[key] !== undefined);
  if (sources.length > 1) errors.push(`${where}: ${sources.join(' and ')} exclude each other`);
}

function checkKeys(
  object: Record<string, unknown>,
  known: readonly string[],
  where: string,
  errors: string[],
): void {
  for (const key of Object.keys(object))
    if (!known.includes(key))
      errors.push(`${where}: unknown key "${key}" (known: ${known.join(', ')})`);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isStatus(status: number): boolean {
  return status >= 100 && status <= 599;
}
