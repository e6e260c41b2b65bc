/** Errors from talking to a tab, in words the user can act on. */
export function explainFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/Receiving end does not exist|Could not establish connection/i.test(message)) {
    return 'RobotLens cannot read this tab: it is not an http(s) page, or it was open before RobotLens was installed. Reload the page.';
  }
  return message;
}
