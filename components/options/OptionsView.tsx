/**
 * The Options page: every setting in one form, saved together when all of
 * them are right (Save, or Enter in a field), with a live status line.
 * Presentational: the entrypoint loads, saves, imports and exports.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { DraftErrors, SettingsDraft } from '../../lib/settings/settings-form.ts';
import { BlockListSection } from './BlockListSection.tsx';
import { ContactSection } from './ContactSection.tsx';
import { CrawlSection } from './CrawlSection.tsx';
import { RobotSection } from './RobotSection.tsx';
import { TransferSection, type ImportFailure } from './TransferSection.tsx';

export type OptionsStatus =
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'invalid'; count: number }
  | { kind: 'save-failed'; error: string }
  | { kind: 'defaults' }
  | { kind: 'exported' }
  | { kind: 'imported'; fileName: string }
  | { kind: 'import-failed'; fileName: string };

const TEXT = {
  title: 'RobotLens settings',
  intro:
    'Your defaults for verdicts and crawls. They are kept in your browser’s synced storage, so they follow you to your other computers when browser sync is on.',
  save: 'Save',
  defaults: 'Restore defaults',
  status: (status: OptionsStatus): string => {
    switch (status.kind) {
      case 'saved':
        return 'Saved.';
      case 'unsaved':
        return 'Unsaved changes.';
      case 'invalid':
        return `Not saved: ${status.count === 1 ? 'one setting needs' : `${status.count} settings need`} fixing (marked below).`;
      case 'save-failed':
        return `Not saved: the browser refused (${status.error}).`;
      case 'defaults':
        return 'The defaults are in the form: press Save to keep them.';
      case 'exported':
        return 'Exported the saved settings.';
      case 'imported':
        return `Imported ${status.fileName} and saved.`;
      case 'import-failed':
        return `Nothing was imported from ${status.fileName}.`;
    }
  },
};

/** Problems of the kind the user must act on are announced at once; the rest politely. */
const URGENT: OptionsStatus['kind'][] = ['invalid', 'save-failed', 'import-failed'];

export interface OptionsViewProps {
  draft: SettingsDraft;
  errors: DraftErrors | null;
  status: OptionsStatus | null;
  importFailure: ImportFailure | null;
  /** Changes after each refused Save, so focus moves to the first field to fix. */
  refusedSaves: number;
  onChange: (draft: SettingsDraft) => void;
  onSave: () => void;
  onRestoreDefaults: () => void;
  onExport: () => void;
  onImport: (file: File) => void;
}

export function OptionsView(props: OptionsViewProps) {
  const { draft, errors, status, onChange } = props;
  const fields = errors?.fields ?? {};
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (props.refusedSaves > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [props.refusedSaves]);
  const urgent = status !== null && URGENT.includes(status.kind);
  return (
    <main class="options">
      <h1>{TEXT.title}</h1>
      <p class="section-intro">{TEXT.intro}</p>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        <RobotSection
          robot={draft.robot}
          error={fields.robot}
          onChange={(robot) => onChange({ ...draft, robot })}
        />
        <CrawlSection
          crawl={draft.crawl}
          errors={fields}
          onChange={(crawl) => onChange({ ...draft, crawl })}
        />
        <ContactSection
          from={draft.from}
          error={fields.from}
          onChange={(from) => onChange({ ...draft, from })}
        />
        <BlockListSection
          text={draft.blockList}
          error={fields.blockList}
          lines={errors?.blockLines ?? []}
          onChange={(blockList) => onChange({ ...draft, blockList })}
        />
        <div class="save-bar">
          <button type="submit" class="primary">
            {TEXT.save}
          </button>
          <button type="button" onClick={props.onRestoreDefaults}>
            {TEXT.defaults}
          </button>
          <p
            class={`save-status${urgent ? ' error' : ''}`}
            role="status"
            aria-live="polite"
            data-testid="options-status"
          >
            {status && !urgent ? TEXT.status(status) : ''}
          </p>
          <p class="save-status error" role="alert" data-testid="options-alert">
            {status && urgent ? TEXT.status(status) : ''}
          </p>
        </div>
      </form>
      <TransferSection
        failure={props.importFailure}
        onExport={props.onExport}
        onImport={props.onImport}
      />
    </main>
  );
}
