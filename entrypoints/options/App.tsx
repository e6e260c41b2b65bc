/**
 * The Options page: loads the settings, checks the form when the user
 * saves (nothing is stored unless every field is right), imports and
 * exports them as a file, and follows changes made elsewhere (the popup's
 * robot picker, another device through sync).
 */
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../components/i18n.tsx';
import { saveTextFile } from '../../components/report/ExportButtons.tsx';
import { OptionsView, type OptionsStatus } from '../../components/options/OptionsView.tsx';
import type { ImportFailure } from '../../components/options/TransferSection.tsx';
import {
  parseSettingsFile,
  SETTINGS_FILE_NAME,
  settingsFileText,
} from '../../lib/settings/settings-file.ts';
import {
  checkDraft,
  draftChanged,
  draftOf,
  type DraftErrors,
  type SettingsDraft,
} from '../../lib/settings/settings-form.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/settings.ts';
import { loadSettings, saveSettings, watchSettings } from '../../extension/settings.ts';
import { useBrowseCheck } from '../../extension/use-browse-check.ts';
import { BrowseCheckSection } from '../../components/BrowseCheckToggle.tsx';
import { ScheduleSection, type ScheduleStatus } from '../../components/options/ScheduleSection.tsx';
import { withChoice, type RecrawlChoice } from '../../lib/settings/schedule.ts';
import { useScheduleSites } from './use-schedule-sites.ts';

interface Editing {
  saved: Settings;
  draft: SettingsDraft;
}

export function App() {
  const browseCheck = useBrowseCheck();
  const { t } = useI18n();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [status, setStatus] = useState<OptionsStatus | null>(null);
  const [importFailure, setImportFailure] = useState<ImportFailure | null>(null);
  const [refusedSaves, setRefusedSaves] = useState(0);
  const [scheduleStatus, setScheduleStatus] = useState<ScheduleStatus | null>(null);
  const scheduleSites = useScheduleSites(editing?.saved.schedule ?? null);

  useEffect(() => {
    document.title = t('options_title');
  }, [t]);

  useEffect(() => {
    void loadSettings().then((saved) => setEditing({ saved, draft: draftOf(saved) }));
    // A change made elsewhere shows at once, unless the form holds unsaved edits.
    return watchSettings((saved) =>
      setEditing((now) =>
        now && draftChanged(now.draft, now.saved)
          ? { ...now, saved }
          : { saved, draft: draftOf(saved) },
      ),
    );
  }, []);

  if (!editing) return <p role="status">{t('loading')}</p>;

  const store = async (settings: Settings, done: OptionsStatus) => {
    try {
      await saveSettings(settings);
      setEditing({ saved: settings, draft: draftOf(settings) });
      setErrors(null);
      setStatus(done);
    } catch (error) {
      setStatus({
        kind: 'save-failed',
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const save = () => {
    const checked = checkDraft(editing.draft, editing.saved.schedule);
    if (checked.ok) return void store(checked.settings, { kind: 'saved' });
    setErrors(checked.errors);
    const count =
      Object.keys(checked.errors.fields).length + (checked.errors.blockLines.length > 0 ? 1 : 0);
    setStatus({ kind: 'invalid', count });
    setRefusedSaves((n) => n + 1);
  };

  /** A schedule is stored when picked, beside the saved settings (any unsaved edits stay in the form). */
  const choose = async (origin: string, choice: RecrawlChoice) => {
    const saved = {
      ...editing.saved,
      schedule: withChoice(editing.saved.schedule, origin, choice),
    };
    try {
      await saveSettings(saved);
      setEditing((now) => (now ? { ...now, saved } : now));
      setScheduleStatus({ kind: 'saved' });
    } catch (error) {
      setScheduleStatus({
        kind: 'save-failed',
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const importFile = async (file: File) => {
    const result = parseSettingsFile(await file.text(), editing.saved);
    if (!result.ok) {
      setImportFailure({ fileName: file.name, problems: result.problems });
      setStatus({ kind: 'import-failed', fileName: file.name });
      return;
    }
    setImportFailure(null);
    await store(result.settings, { kind: 'imported', fileName: file.name });
  };

  return (
    <OptionsView
      immediate={
        <>
          <BrowseCheckSection {...browseCheck} />
          {scheduleSites ? (
            <ScheduleSection
              sites={scheduleSites}
              schedule={editing.saved.schedule}
              status={scheduleStatus}
              onChoose={(origin, choice) => void choose(origin, choice)}
            />
          ) : null}
        </>
      }
      draft={editing.draft}
      errors={errors}
      status={status}
      importFailure={importFailure}
      refusedSaves={refusedSaves}
      onChange={(draft) => {
        setEditing({ ...editing, draft });
        setStatus(draftChanged(draft, editing.saved) ? { kind: 'unsaved' } : null);
      }}
      onSave={save}
      onRestoreDefaults={() => {
        setEditing({ ...editing, draft: draftOf(DEFAULT_SETTINGS) });
        setErrors(null);
        setStatus({ kind: 'defaults' });
      }}
      onExport={() => {
        saveTextFile(SETTINGS_FILE_NAME, 'application/json', settingsFileText(editing.saved));
        setStatus({ kind: 'exported' });
      }}
      onImport={(file) => void importFile(file)}
    />
  );
}
