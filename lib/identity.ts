/**
 * How RobotLens names itself to servers (Koster's guidelines: identify your
 * robot, identify yourself). A unit test keeps VERSION equal to package.json.
 */
export const PRODUCT_TOKEN = 'RobotLens';
export const VERSION = '0.1.0';
export const PROJECT_URL = 'https://github.com/robotlens/robotlens';
export const USER_AGENT = `${PRODUCT_TOKEN}/${VERSION} (+${PROJECT_URL})`;

/** The robot a verdict is for when the user has not chosen one. */
export const DEFAULT_ROBOT = 'googlebot';
