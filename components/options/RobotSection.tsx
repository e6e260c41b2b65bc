/** The robot verdicts are for by default (the popup's robot picker changes the same setting). */
import type { Phrase } from '../../lib/i18n/phrase.ts';
import { useI18n } from '../i18n.tsx';
import { COMMON_ROBOTS } from '../RobotPicker.tsx';
import { Field } from './Field.tsx';

export interface RobotSectionProps {
  robot: string;
  error?: Phrase | undefined;
  onChange: (robot: string) => void;
}

export function RobotSection({ robot, error, onChange }: RobotSectionProps) {
  const { t } = useI18n();
  return (
    <fieldset class="options-section">
      <legend>{t('options_robot_heading')}</legend>
      <Field
        id="opt-robot"
        label={t('options_robot_label')}
        value={robot}
        onInput={onChange}
        hint={t('options_robot_hint')}
        error={error}
        input={{ list: 'opt-robot-common', maxLength: 100, autoComplete: 'off', spellcheck: false }}
      />
      <datalist id="opt-robot-common">
        {COMMON_ROBOTS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </fieldset>
  );
}
