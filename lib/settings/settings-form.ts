/**
 * The Options form's model: every field as typed (numbers as text, the
 * block list as one pattern a line), and the check that turns it into
 * settings or says, field by field and line by line, what to fix. Nothing
 * is saved unless every field is right.
 */
import {
  blockListSizeProblem,
  blockListText,
  parseBlockListText,
  type LineProblem,
} from './block-list.ts';
import type { Phrase } from '../i18n/phrase.ts';
import { emailProblem } from './email.ts';
import type { Schedule } from './schedule.ts';
import { crawlNumberProblem, parseWholeNumber, robotProblem } from './field-rules.ts';
import {
  CRAWL_NUMBER_KEYS,
  type CrawlDefaults,
  type CrawlNumberKey,
  type CrawlToggleKey,
  type Settings,
} from './settings.ts';

export interface SettingsDraft {
  robot: string;
  crawl: Record<CrawlNumberKey, string> & Record<CrawlToggleKey, boolean> & { robot: string };
  from: string;
  /** One pattern a line. */
  blockList: string;
}

export type DraftField = 'robot' | 'crawl.robot' | `crawl.${CrawlNumberKey}` | 'from' | 'blockList';

export interface DraftErrors {
  fields: Partial<Record<DraftField, Phrase>>;
  /** Block-list lines that are not usable patterns. */
  blockLines: LineProblem[];
}

export type DraftCheck = { ok: true; settings: Settings } | { ok: false; errors: DraftErrors };

export function draftOf(settings: Settings): SettingsDraft {
  const { crawl } = settings;
  return {
    robot: settings.robot,
    crawl: {
      ...crawl,
      maxPages: String(crawl.maxPages),
      maxDepth: String(crawl.maxDepth),
      concurrencyPerOrigin: String(crawl.concurrencyPerOrigin),
      delayMs: String(crawl.delayMs),
      timeoutMs: String(crawl.timeoutMs),
    },
    from: settings.from,
    blockList: blockListText(settings.blockList),
  };
}

/**
 * `schedule`: the saved one — the schedule is not a form field (it is
 * stored as soon as it is picked), so a Save keeps it as it is.
 */
export function checkDraft(draft: SettingsDraft, schedule: Schedule = {}): DraftCheck {
  const fields: DraftErrors['fields'] = {};
  const note = (field: DraftField, problem: Phrase | null) => {
    if (problem !== null) fields[field] = problem;
  };
  const robot = draft.robot.trim();
  const from = draft.from.trim();
  note('robot', robotProblem(robot));
  note('crawl.robot', robotProblem(draft.crawl.robot.trim()));
  note('from', from === '' ? null : emailProblem(from));
  const numbers = {} as Record<CrawlNumberKey, number>;
  for (const key of CRAWL_NUMBER_KEYS) {
    numbers[key] = parseWholeNumber(draft.crawl[key]);
    note(`crawl.${key}`, crawlNumberProblem(key, numbers[key]));
  }
  const { obeyRobots, checkExternal, useSitemaps } = draft.crawl;
  const crawl: CrawlDefaults = {
    ...numbers,
    robot: draft.crawl.robot.trim(),
    obeyRobots,
    checkExternal,
    useSitemaps,
  };
  const { patterns, problems } = parseBlockListText(draft.blockList);
  if (problems.length === 0) note('blockList', blockListSizeProblem(patterns));
  if (Object.keys(fields).length > 0 || problems.length > 0)
    return { ok: false, errors: { fields, blockLines: problems } };
  return { ok: true, settings: { robot, crawl, from, blockList: patterns, schedule } };
}

/** Whether the draft differs from `settings` in what it would save. */
export function draftChanged(draft: SettingsDraft, settings: Settings): boolean {
  return JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
}
