/** Export the saved settings as a file, or import one — all of it, or nothing when it has a problem. */
import type { SettingsProblem } from '../../lib/settings/parse-settings.ts';
import { SETTINGS_FILE_NAME } from '../../lib/settings/settings-file.ts';
import { useI18n } from '../i18n.tsx';

export interface ImportFailure {
  fileName: string;
  problems: SettingsProblem[];
}

export interface TransferSectionProps {
  failure: ImportFailure | null;
  onExport: () => void;
  onImport: (file: File) => void;
}

export function TransferSection({ failure, onExport, onImport }: TransferSectionProps) {
  const { t, plural, say } = useI18n();
  return (
    <fieldset class="options-section">
      <legend>{t('options_transfer_heading')}</legend>
      <div class="transfer">
        <div>
          <button type="button" onClick={onExport} aria-describedby="opt-export-hint">
            {t('options_export_button')}
          </button>
          <p id="opt-export-hint" class="field-hint">
            {t('options_export_hint', { file: SETTINGS_FILE_NAME })}
          </p>
        </div>
        <div class="field">
          <label for="opt-import">{t('options_import_label')}</label>
          <input
            id="opt-import"
            type="file"
            accept=".json,application/json"
            aria-describedby={failure ? 'opt-import-problems opt-import-hint' : 'opt-import-hint'}
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              // Cleared, so choosing the same file again (once fixed) is a change too.
              input.value = '';
              if (file) onImport(file);
            }}
          />
          <p id="opt-import-hint" class="field-hint">
            {t('options_import_hint')}
          </p>
        </div>
      </div>
      {failure ? (
        <div id="opt-import-problems" class="import-problems" role="alert">
          <p>
            {plural('options_import_failed', failure.problems.length, {
              file: failure.fileName,
            })}
          </p>
          <ul>
            {failure.problems.map((problem, index) => (
              <li key={index}>
                <code>{problem.path || t('options_import_whole_file')}</code>:{' '}
                {say(problem.message)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
