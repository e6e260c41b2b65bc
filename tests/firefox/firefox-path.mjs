// The Firefox the smoke test drives: FIREFOX_PATH, else Debian's Firefox ESR.
export function firefoxPath() {
  return process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
}
