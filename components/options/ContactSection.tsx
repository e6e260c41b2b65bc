/** The contact address sent as `From`, so a site's owner can reach whoever runs the crawl. */
import type { Phrase } from '../../lib/i18n/phrase.ts';
import { useI18n } from '../i18n.tsx';
import { Field } from './Field.tsx';

/** An example address, the same in every language. */
const PLACEHOLDER = 'webmaster@example.com';

export interface ContactSectionProps {
  from: string;
  error?: Phrase | undefined;
  onChange: (from: string) => void;
}

export function ContactSection({ from, error, onChange }: ContactSectionProps) {
  const { t } = useI18n();
  return (
    <fieldset class="options-section">
      <legend>{t('options_contact_heading')}</legend>
      <Field
        id="opt-from"
        label={t('options_contact_label')}
        value={from}
        onInput={onChange}
        hint={t('options_contact_hint')}
        error={error}
        input={{
          type: 'email',
          autoComplete: 'email',
          placeholder: PLACEHOLDER,
          spellcheck: false,
        }}
      />
    </fieldset>
  );
}
