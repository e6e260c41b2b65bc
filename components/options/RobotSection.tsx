/** The robot verdicts are for by default (the popup's robot picker changes the same setting). */
import { COMMON_ROBOTS } from '../RobotPicker.tsx';
import { Field } from './Field.tsx';

const TEXT = {
  heading: 'Robot',
  label: 'Default robot for verdicts',
  hint: 'The badge, the popup’s verdict and its robots.txt tab answer for this robot: a product token such as googlebot or bingbot, or * for any robot.',
};

export interface RobotSectionProps {
  robot: string;
  error?: string | undefined;
  onChange: (robot: string) => void;
}

export function RobotSection({ robot, error, onChange }: RobotSectionProps) {
  return (
    <fieldset class="options-section">
      <legend>{TEXT.heading}</legend>
      <Field
        id="opt-robot"
        label={TEXT.label}
        value={robot}
        onInput={onChange}
        hint={TEXT.hint}
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
