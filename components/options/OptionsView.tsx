/**
 * The Options page: every setting in one form, saved together when all of
 * them are right (Save, or Enter in a field), with a live status line.
 * Presentational: the entrypoint loads, saves, imports and exports.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Translator } from '../../lib/i18n/translator.ts';
import type { DraftErrors, SettingsDraft } from '../../lib/settings/settings-form.ts';
import { useI18n } from '../i18n.tsx';
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

/** The status line's words. */
function statusText({ t, plural }: Translator, status: OptionsStatus): string {
  switch (status.kind) {
    case 'saved':
      return t('options_status_saved');
    case 'unsaved':
      return t('options_status_unsaved');
    case 'invalid':
      return plural('options_status_invalid', status.count);
    case 'save-failed':
      return t('options_status_save_failed', { error: status.error });
    case 'defaults':
      return t('options_status_defaults');
    case 'exported':
      return t('options_status_exported');
    case 'imported':
      return t('options_status_imported', { file: status.fileName });
    case 'import-failed':
      return t('options_status_import_failed', { file: status.fileName });
  }
}

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
  /** Settings that take effect at once, outside the form (they need the browser's prompt). */
  immediate?: ComponentChildren;
}

export function OptionsView(props: OptionsViewProps) {
  const { draft, errors, status, onChange } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const fields = errors?.fields ?? {};
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (props.refusedSaves > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [props.refusedSaves]);
  const urgent = status !== null && URGENT.includes(status.kind);
  return (
    <main class="options">
      <h1>{t('options_title')}</h1>
      <p class="section-intro">{t('options_intro')}</p>
      {props.immediate}
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
            {t('options_save')}
          </button>
          <button type="button" onClick={props.onRestoreDefaults}>
            {t('options_restore_defaults')}
          </button>
          <p
            class={`save-status${urgent ? ' error' : ''}`}
            role="status"
            aria-live="polite"
            data-testid="options-status"
          >
            {status && !urgent ? statusText(i18n, status) : ''}
          </p>
          <p class="save-status error" role="alert" data-testid="options-alert">
            {status && urgent ? statusText(i18n, status) : ''}
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
