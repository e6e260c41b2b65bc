/** Chooses the robot a verdict is for: a common one, or any product token typed in. */
import { useState } from 'preact/hooks';
import { useI18n } from './i18n.tsx';

export const COMMON_ROBOTS = ['googlebot', 'bingbot', '*'] as const;
const CUSTOM = 'custom';

export interface RobotPickerProps {
  robot: string;
  onChange: (robot: string) => void;
}

export function RobotPicker({ robot, onChange }: RobotPickerProps) {
  const { t } = useI18n();
  const isCommon = (COMMON_ROBOTS as readonly string[]).includes(robot);
  const [choice, setChoice] = useState(isCommon ? robot : CUSTOM);
  const [custom, setCustom] = useState(isCommon ? '' : robot);
  return (
    <div class="robot-picker">
      <label for="robot-select">{t('robot_label')}</label>
      <select
        id="robot-select"
        value={choice}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setChoice(value);
          if (value !== CUSTOM) onChange(value);
        }}
      >
        <option value="googlebot">Googlebot</option>
        <option value="bingbot">Bingbot</option>
        <option value="*">{t('robot_any')}</option>
        <option value={CUSTOM}>{t('robot_custom')}</option>
      </select>
      {choice === CUSTOM ? (
        <form
          class="robot-custom"
          onSubmit={(event) => {
            event.preventDefault();
            if (custom.trim()) onChange(custom.trim());
          }}
        >
          <input
            aria-label={t('robot_token_label')}
            placeholder={t('robot_token_placeholder')}
            value={custom}
            maxLength={100}
            onInput={(event) => setCustom(event.currentTarget.value)}
          />
          <button type="submit">{t('robot_check')}</button>
        </form>
      ) : null}
    </div>
  );
}
