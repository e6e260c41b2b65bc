/** The icon sizes RobotLens ships, shared by the generator and its test. */
export const ICON_SIZES = [16, 32, 48, 96, 128] as const;
export const ICON_SOURCE = 'assets/icon.svg';
/** WXT reads `public/icon/<size>.png` into the manifest's `icons`. */
export const ICON_DIR = 'public/icon';
