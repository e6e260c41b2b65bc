/** Export the saved settings as a file, or import one — all of it, or nothing when it has a problem. */
import type { SettingsProblem } from '../../lib/settings/parse-settings.ts';

const TEXT = {
  heading: 'Back up or move your settings',
  exportButton: 'Export settings',
  exportHint: 'Downloads the saved settings as robotlens-settings.json.',
  importLabel: 'Import settings from a file',
  importHint:
    'Replaces the settings the file names and saves them; settings it leaves out keep their value.',
  failed: (fileName: string, count: number) =>
    `Nothing was imported from ${fileName}: ${count === 1 ? 'one problem' : `${count} problems`} to fix in the file.`,
  wholeFile: 'The file',
};

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
  return (
    <fieldset class="options-section">
      <legend>{TEXT.heading}</legend>
      <div class="transfer">
        <div>
          <button type="button" onClick={onExport} aria-describedby="opt-export-hint">
            {TEXT.exportButton}
          </button>
          <p id="opt-export-hint" class="field-hint">
            {TEXT.exportHint}
          </p>
        </div>
        <div class="field">
          <label for="opt-import">{TEXT.importLabel}</label>
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
            {TEXT.importHint}
          </p>
        </div>
      </div>
      {failure ? (
        <div id="opt-import-problems" class="import-problems" role="alert">
          <p>{TEXT.failed(failure.fileName, failure.problems.length)}</p>
          <ul>
            {failure.problems.map((problem, index) => (
              <li key={index}>
                <code>{problem.path || TEXT.wholeFile}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
