/**
 * One labelled text field of the Options form, with its hint and its
 * error tied to it (aria-describedby), marked invalid when it has one.
 */
import type { JSX } from 'preact';
import type { Phrase } from '../../lib/i18n/phrase.ts';
import { useI18n } from '../i18n.tsx';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: string;
  /** What lib/settings found wrong, worded in the reader's language. */
  error?: Phrase | undefined;
  /** Extra attributes for the input (type, inputMode, autocomplete, list…). */
  input?: JSX.InputHTMLAttributes<HTMLInputElement>;
}

export function Field({ id, label, value, onInput, hint, error, input = {} }: FieldProps) {
  const { say } = useI18n();
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        {...input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      {error ? (
        <p id={errorId!} class="field-error">
          {say(error)}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId!} class="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface ToggleProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}

export function Toggle({ id, label, checked, onChange, hint }: ToggleProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class="field field-toggle">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {hint ? (
        <p id={hintId} class="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
