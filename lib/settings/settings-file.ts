/**
 * Settings as a file (`robotlens-settings.json`): written pretty-printed,
 * read back with every problem listed. An import is all or nothing: one
 * problem and nothing is applied.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { parseSettingsObject, settingsRecord, type SettingsProblem } from './parse-settings.ts';
import type { Settings } from './settings.ts';

export const SETTINGS_FILE_NAME = 'robotlens-settings.json';
/** Far more than any settings file; a bigger one is some other file picked by mistake. */
export const MAX_SETTINGS_FILE_BYTES = 256 * 1024;

export function settingsFileText(settings: Settings): string {
  return `${JSON.stringify(settingsRecord(settings), null, 2)}\n`;
}

export type ImportResult =
  { ok: true; settings: Settings } | { ok: false; problems: SettingsProblem[] };

/** Settings missing from the file keep their `current` value. */
export function parseSettingsFile(text: string, current: Settings): ImportResult {
  if (text.length > MAX_SETTINGS_FILE_BYTES) {
    const kb = Math.ceil(text.length / 1024);
    return fileProblem(phrase('options_error_file_size', { kb }));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // The JSON reader's own words (the engine's, in English) say where the file breaks.
    return fileProblem(phrase('options_error_file_json', { error: (error as Error).message }));
  }
  const { settings, problems } = parseSettingsObject(raw, current);
  return problems.length === 0 ? { ok: true, settings } : { ok: false, problems };
}

function fileProblem(problem: Phrase): ImportResult {
  return { ok: false, problems: [{ path: '', message: problem }] };
}
