/**
 * Settings as a file (`robotlens-settings.json`): written pretty-printed,
 * read back with every problem listed. An import is all or nothing: one
 * problem and nothing is applied.
 */
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
    return fileProblem(`The file is ${kb} KB; a settings file is a few KB at most.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return fileProblem(`The file is not valid JSON: ${(error as Error).message}.`);
  }
  const { settings, problems } = parseSettingsObject(raw, current);
  return problems.length === 0 ? { ok: true, settings } : { ok: false, problems };
}

function fileProblem(message: string): ImportResult {
  return { ok: false, problems: [{ path: '', message }] };
}
