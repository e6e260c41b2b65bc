/**
 * Settings from an untrusted object — an imported file, or whatever storage
 * holds (another RobotLens version may have written it through browser
 * sync). Every field is checked by its rule; a field that is missing, or
 * wrong, keeps the `base` value, and every problem is listed with the
 * field's path (`crawl.maxPages`, `blockList[2]`). Import refuses a file
 * with any problem; storage takes what is good and the defaults for the rest.
 */
import { blockListSizeProblem, blockPatternProblem } from './block-list.ts';
import { emailProblem } from './email.ts';
import { crawlNumberProblem, robotTokenProblem } from './field-rules.ts';
import {
  CRAWL_NUMBER_KEYS,
  CRAWL_TOGGLE_KEYS,
  DEFAULT_SETTINGS,
  SETTINGS_FORMAT,
  SETTINGS_VERSION,
  type CrawlDefaults,
  type Settings,
} from './settings.ts';

export interface SettingsProblem {
  /** Where: `robot`, `crawl.maxPages`, `blockList[2]`; '' for the whole file. */
  path: string;
  message: string;
}

export interface ParsedSettings {
  settings: Settings;
  problems: SettingsProblem[];
}

type Fields = Record<string, unknown>;

const TOP_KEYS = ['format', 'version', 'robot', 'crawl', 'from', 'blockList'];
const CRAWL_KEYS = ['robot', ...CRAWL_NUMBER_KEYS, ...CRAWL_TOGGLE_KEYS];

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseSettingsObject(raw: unknown, base: Settings): ParsedSettings {
  const problems: SettingsProblem[] = [];
  const report = (path: string, message: string, value?: unknown) =>
    problems.push({ path, message: value === undefined ? message : `${message} ${found(value)}` });
  if (!isObject(raw)) {
    report('', 'The settings must be one JSON object, {…}.', raw);
    return { settings: base, problems };
  }
  checkHeader(raw, report);
  unknownKeys(raw, TOP_KEYS, '', report);
  const settings: Settings = {
    robot: readText(raw, 'robot', base.robot, robotTokenProblem, report),
    crawl: readCrawl(raw.crawl, base.crawl, report),
    from: readText(raw, 'from', base.from, (v) => (v === '' ? null : emailProblem(v)), report),
    blockList: readBlockList(raw.blockList, base.blockList, report),
  };
  return { settings, problems };
}

/** What storage holds, made usable: good fields kept, the defaults for the rest. */
export function readStoredSettings(raw: unknown): Settings {
  return parseSettingsObject(raw, DEFAULT_SETTINGS).settings;
}

/** The object stored and exported: the settings, marked with their format and version. */
export function settingsRecord(settings: Settings): Fields {
  return { format: SETTINGS_FORMAT, version: SETTINGS_VERSION, ...settings };
}

type Report = (path: string, message: string, value?: unknown) => void;

function checkHeader(raw: Fields, report: Report): void {
  if ('format' in raw && raw.format !== SETTINGS_FORMAT)
    report(
      'format',
      `This is not a RobotLens settings file (expected "${SETTINGS_FORMAT}").`,
      raw.format,
    );
  if (!('version' in raw)) return;
  const version = raw.version;
  if (!Number.isInteger(version) || (version as number) < 1)
    report('version', 'Must be a whole number from 1.', version);
  else if ((version as number) > SETTINGS_VERSION)
    report(
      'version',
      `Written by a newer RobotLens (settings version ${String(version)}); this one reads version ${SETTINGS_VERSION}. Update RobotLens first.`,
    );
}

function unknownKeys(raw: Fields, known: string[], prefix: string, report: Report): void {
  for (const key of Object.keys(raw))
    if (!known.includes(key)) report(prefix + key, 'Not a RobotLens setting.');
}

function readText(
  raw: Fields,
  key: string,
  fallback: string,
  problem: (value: string) => string | null,
  report: Report,
  prefix = '',
): string {
  if (!(key in raw)) return fallback;
  const value = raw[key];
  if (typeof value !== 'string') {
    report(prefix + key, 'Must be text, in double quotes.', value);
    return fallback;
  }
  const trimmed = value.trim();
  const message = problem(trimmed);
  if (message !== null) {
    report(prefix + key, message, value);
    return fallback;
  }
  return trimmed;
}

function readCrawl(raw: unknown, base: CrawlDefaults, report: Report): CrawlDefaults {
  if (raw === undefined) return base;
  if (!isObject(raw)) {
    report('crawl', 'Must be an object, {…}, of crawl settings.', raw);
    return base;
  }
  unknownKeys(raw, CRAWL_KEYS, 'crawl.', report);
  const crawl: CrawlDefaults = {
    ...base,
    robot: readText(raw, 'robot', base.robot, robotTokenProblem, report, 'crawl.'),
  };
  for (const key of CRAWL_NUMBER_KEYS) {
    if (!(key in raw)) continue;
    const value = raw[key];
    const message =
      typeof value === 'number' ? crawlNumberProblem(key, value) : 'Must be a number.';
    if (message === null) crawl[key] = value as number;
    else report(`crawl.${key}`, message, value);
  }
  for (const key of CRAWL_TOGGLE_KEYS) {
    if (!(key in raw)) continue;
    const value = raw[key];
    if (typeof value === 'boolean') crawl[key] = value;
    else report(`crawl.${key}`, 'Must be true or false.', value);
  }
  return crawl;
}

function readBlockList(raw: unknown, base: string[], report: Report): string[] {
  if (raw === undefined) return base;
  if (!Array.isArray(raw)) {
    report('blockList', 'Must be a list, ["…", "…"], of URL patterns.', raw);
    return base;
  }
  const patterns: string[] = [];
  raw.forEach((item: unknown, index) => {
    const path = `blockList[${index}]`;
    if (typeof item !== 'string') return report(path, 'Must be text, in double quotes.', item);
    const pattern = item.trim();
    const message = pattern === '' ? 'Must not be empty.' : blockPatternProblem(pattern);
    if (message !== null) report(path, message, item);
    else if (!patterns.includes(pattern)) patterns.push(pattern);
  });
  const tooBig = blockListSizeProblem(patterns);
  if (tooBig !== null) report('blockList', tooBig);
  return patterns;
}

/** The offending value, short, for the message: `(found "abc")`. */
function found(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return `(found ${text.length > 60 ? `${text.slice(0, 57)}…` : text})`;
}
