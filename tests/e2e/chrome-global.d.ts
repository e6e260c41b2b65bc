// Code passed to page.evaluate() in extension pages runs where the `chrome`
// global exists; in MV3 its APIs return promises, as the polyfill types say.
declare const chrome: import('webextension-polyfill').Browser;
