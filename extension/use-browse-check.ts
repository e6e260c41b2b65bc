/**
 * The state of "Check each page as I browse" for a page of the extension
 * (Options, popup): whether it is on, and turning it on or off from a click.
 * The browser's permission prompt needs the click itself, so `toggle` asks
 * before anything else is awaited.
 */
import { useEffect, useState } from 'preact/hooks';
import { isBrowseCheckOn, turnOffBrowseCheck, turnOnBrowseCheck } from './browse-check.ts';

export interface BrowseCheckState {
  /** Null while it is being read or changed. */
  on: boolean | null;
  /** Why the last change did not happen: `refused` (the prompt was declined) or an error. */
  problem: { kind: 'refused' } | { kind: 'failed'; error: string } | null;
  toggle: (on: boolean) => void;
}

export function useBrowseCheck(): BrowseCheckState {
  const [on, setOn] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<BrowseCheckState['problem']>(null);
  useEffect(() => {
    void isBrowseCheckOn().then(setOn, () => setOn(false));
  }, []);
  const toggle = (next: boolean) => {
    const change = next ? turnOnBrowseCheck() : turnOffBrowseCheck().then(() => true);
    setOn(null);
    change
      .then((done) => setProblem(done ? null : { kind: 'refused' }))
      .catch((error: unknown) => setProblem({ kind: 'failed', error: String(error) }))
      .finally(() => void isBrowseCheckOn().then(setOn, () => setOn(false)));
  };
  return { on, problem, toggle };
}
