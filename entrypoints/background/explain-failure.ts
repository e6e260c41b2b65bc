/** Errors from talking to a tab, in words the user can act on. */
import { extensionTranslator } from '../../extension/i18n.ts';

export function explainFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/Receiving end does not exist|Could not establish connection/i.test(message)) {
    return extensionTranslator().t('error_cannot_read_tab');
  }
  // The page reader could not be injected: no activeTab grant and no host access.
  if (/Cannot access|host permission/i.test(message)) {
    return extensionTranslator().t('access_cannot_read_tab');
  }
  return message;
}
