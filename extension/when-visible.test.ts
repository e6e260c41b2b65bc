import { describe, expect, it, vi } from 'vitest';
import { whenVisible, type VisibilitySource } from './when-visible.ts';

function fakeDocument(state: DocumentVisibilityState) {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  target.visibilityState = state;
  const show = (next: DocumentVisibilityState) => {
    target.visibilityState = next;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { doc: target as unknown as VisibilitySource, show };
}

describe('whenVisible', () => {
  it('runs at once on a visible page', () => {
    const run = vi.fn();
    whenVisible(fakeDocument('visible').doc, new AbortController().signal, run);
    expect(run).toHaveBeenCalledOnce();
  });

  it('waits for a hidden page to be shown, then runs once', () => {
    const run = vi.fn();
    const { doc, show } = fakeDocument('hidden');
    whenVisible(doc, new AbortController().signal, run);
    expect(run).not.toHaveBeenCalled();
    show('hidden');
    expect(run).not.toHaveBeenCalled();
    show('visible');
    show('hidden');
    show('visible');
    expect(run).toHaveBeenCalledOnce();
  });

  it('never runs once the content script is gone (signal aborted)', () => {
    const run = vi.fn();
    const { doc, show } = fakeDocument('hidden');
    const gone = new AbortController();
    whenVisible(doc, gone.signal, run);
    gone.abort();
    show('visible');
    expect(run).not.toHaveBeenCalled();
  });
});
