/**
 * Settings from an untrusted object — an imported file, or whatever storage
 * holds (another RobotLens version may have written it through browser
 * sync). Every field is checked by its rule; a field that is missing, or
 * wrong, keeps the `base` value, and every problem is listed with the
 * field's path (`crawl.maxPages`, `blockList[2]`). Import refuses a file
 * with any problem; storage takes what is good and the defaults for the rest.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { blockListSizeProblem, blockPatternProblem } from './block-list.ts';
import { emailProblem } from './email.ts';
import { readSchedule, type Schedule } from './schedule.ts';
import { crawlNumberProblem, robotProblem } from './field-rules.ts';
import {
  CRAWL_NUMBER_KEYS,
  CRAWL_TOGGLE_KEYS,
  DEFAULT_SETTINGS,
  SETTINGS_FORMAT,
  SETTINGS_VERSION,
  type CrawlDefaults,
  type Settings,
} from './settings.ts';
import { isObject } from '../text/json-object.ts';

export interface SettingsProblem {
  /** Where: `robot`, `crawl.maxPages`, `blockList[2]`; '' for the whole file. */
  path: string;
  /** What is wrong. */
  message: Phrase;
}

export interface ParsedSettings {
  settings: Settings;
  problems: SettingsProblem[];
}

type Fields = Record<string, unknown>;

const TOP_KEYS = ['format', 'version', 'robot', 'crawl', 'from', 'blockList', 'schedule'];
const CRAWL_KEYS = ['robot', ...CRAWL_NUMBER_KEYS, ...CRAWL_TOGGLE_KEYS];

export function parseSettingsObject(raw: unknown, base: Settings): ParsedSettings {
  const problems: SettingsProblem[] = [];
  const report: Report = (path, problem, value) => {
    const said =
      value === undefined
        ? problem
        : phrase('options_error_found', { problem, value: found(value) });
    problems.push({ path, message: said });
  };
  if (!isObject(raw)) {
    report('', phrase('options_error_not_object'), raw);
    return { settings: base, problems };
  }
  checkHeader(raw, report);
  unknownKeys(raw, TOP_KEYS, '', report);
  const settings: Settings = {
    robot: readText(raw, 'robot', base.robot, robotProblem, report),
    crawl: readCrawl(raw.crawl, base.crawl, report),
    from: readText(raw, 'from', base.from, (v) => (v === '' ? null : emailProblem(v)), report),
    blockList: readBlockList(raw.blockList, base.blockList, report),
    schedule: readScheduleField(raw.schedule, base.schedule, report),
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

type Report = (path: string, problem: Phrase, value?: unknown) => void;

function checkHeader(raw: Fields, report: Report): void {
  if ('format' in raw && raw.format !== SETTINGS_FORMAT)
    report('format', phrase('options_error_format', { format: SETTINGS_FORMAT }), raw.format);
  if (!('version' in raw)) return;
  const version = raw.version;
  if (!Number.isInteger(version) || (version as number) < 1)
    report('version', phrase('options_error_version'), version);
  else if ((version as number) > SETTINGS_VERSION)
    report(
      'version',
      phrase('options_error_version_newer', {
        version: version as number,
        supported: SETTINGS_VERSION,
      }),
    );
}

function unknownKeys(raw: Fields, known: string[], prefix: string, report: Report): void {
  for (const key of Object.keys(raw))
    if (!known.includes(key)) report(prefix + key, phrase('options_error_unknown_setting'));
}

function readText(
  raw: Fields,
  key: string,
  fallback: string,
  problem: (value: string) => Phrase | null,
  report: Report,
  prefix = '',
): string {
  if (!(key in raw)) return fallback;
  const value = raw[key];
  if (typeof value !== 'string') {
    report(prefix + key, phrase('options_error_text'), value);
    return fallback;
  }
  const trimmed = value.trim();
  const wrong = problem(trimmed);
  if (wrong !== null) {
    report(prefix + key, wrong, value);
    return fallback;
  }
  return trimmed;
}

function readCrawl(raw: unknown, base: CrawlDefaults, report: Report): CrawlDefaults {
  if (raw === undefined) return base;
  if (!isObject(raw)) {
    report('crawl', phrase('options_error_crawl_object'), raw);
    return base;
  }
  unknownKeys(raw, CRAWL_KEYS, 'crawl.', report);
  const crawl: CrawlDefaults = {
    ...base,
    robot: readText(raw, 'robot', base.robot, robotProblem, report, 'crawl.'),
  };
  for (const key of CRAWL_NUMBER_KEYS) {
    if (!(key in raw)) continue;
    const value = raw[key];
    const message =
      typeof value === 'number' ? crawlNumberProblem(key, value) : phrase('options_error_number');
    if (message === null) crawl[key] = value as number;
    else report(`crawl.${key}`, message, value);
  }
  for (const key of CRAWL_TOGGLE_KEYS) {
    if (!(key in raw)) continue;
    const value = raw[key];
    if (typeof value === 'boolean') crawl[key] = value;
    else report(`crawl.${key}`, phrase('options_error_boolean'), value);
  }
  return crawl;
}

function readBlockList(raw: unknown, base: string[], report: Report): string[] {
  if (raw === undefined) return base;
  if (!Array.isArray(raw)) {
    report('blockList', phrase('options_error_block_list'), raw);
    return base;
  }
  const patterns: string[] = [];
  raw.forEach((item: unknown, index) => {
    const path = `blockList[${index}]`;
    if (typeof item !== 'string') return report(path, phrase('options_error_text'), item);
    const pattern = item.trim();
    const message = pattern === '' ? phrase('options_error_empty') : blockPatternProblem(pattern);
    if (message !== null) report(path, message, item);
    else if (!patterns.includes(pattern)) patterns.push(pattern);
  });
  const tooBig = blockListSizeProblem(patterns);
  if (tooBig !== null) report('blockList', tooBig);
  return patterns;
}

/** Settings from before the schedule have none: the base's is kept. */
function readScheduleField(raw: unknown, base: Schedule, report: Report): Schedule {
  if (raw === undefined) return base;
  const { schedule, problems } = readSchedule(raw);
  for (const problem of problems) report(problem.path, problem.message);
  return schedule;
}

/** The offending value, short, for the message: `"abc"` in `(found "abc")`. */
function found(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
