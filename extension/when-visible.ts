/**
 * Runs `run` once the document is visible: a tab opened in the background
 * costs nothing until the user looks at it.
 */
export type VisibilitySource = Pick<
  Document,
  'visibilityState' | 'addEventListener' | 'removeEventListener'
>;

export function whenVisible(doc: VisibilitySource, signal: AbortSignal, run: () => void): void {
  if (doc.visibilityState === 'visible') return run();
  const onChange = () => {
    if (doc.visibilityState !== 'visible') return;
    doc.removeEventListener('visibilitychange', onChange);
    run();
  };
  doc.addEventListener('visibilitychange', onChange, { signal });
}
