/** The contact address sent as `From`, so a site's owner can reach whoever runs the crawl. */
import { Field } from './Field.tsx';

const TEXT = {
  heading: 'Identify yourself',
  label: 'Contact address (From)',
  hint: 'Sent as the From header on every request RobotLens makes, so a site’s owner can reach you about a crawl. Leave it empty to send none.',
  placeholder: 'webmaster@example.com',
};

export interface ContactSectionProps {
  from: string;
  error?: string | undefined;
  onChange: (from: string) => void;
}

export function ContactSection({ from, error, onChange }: ContactSectionProps) {
  return (
    <fieldset class="options-section">
      <legend>{TEXT.heading}</legend>
      <Field
        id="opt-from"
        label={TEXT.label}
        value={from}
        onInput={onChange}
        hint={TEXT.hint}
        error={error}
        input={{
          type: 'email',
          autoComplete: 'email',
          placeholder: TEXT.placeholder,
          spellcheck: false,
        }}
      />
    </fieldset>
  );
}
