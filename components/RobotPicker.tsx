/** Chooses the robot a verdict is for: a common one, or any product token typed in. */
import { useState } from 'preact/hooks';

export const COMMON_ROBOTS = ['googlebot', 'bingbot', '*'] as const;
const CUSTOM = 'custom';

export interface RobotPickerProps {
  robot: string;
  onChange: (robot: string) => void;
}

export function RobotPicker({ robot, onChange }: RobotPickerProps) {
  const isCommon = (COMMON_ROBOTS as readonly string[]).includes(robot);
  const [choice, setChoice] = useState(isCommon ? robot : CUSTOM);
  const [custom, setCustom] = useState(isCommon ? '' : robot);
  return (
    <div class="robot-picker">
      <label for="robot-select">Robot</label>
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
        <option value="*">Any robot (*)</option>
        <option value={CUSTOM}>Other…</option>
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
            aria-label="Robot product token"
            placeholder="e.g. duckduckbot"
            value={custom}
            maxLength={100}
            onInput={(event) => setCustom(event.currentTarget.value)}
          />
          <button type="submit">Check for this robot</button>
        </form>
      ) : null}
    </div>
  );
}
