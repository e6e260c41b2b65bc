/**
 * DevTools calls to one target (a popup, a service worker) through a
 * page's session, as Playwright's own sessions cannot reach every target:
 * attached without flattening, each call goes as a message and its reply
 * comes back as an event of the page's session, matched by id.
 */
import type { CDPSession } from '@playwright/test';

export interface TargetReply {
  result?: unknown;
  error?: unknown;
}

/** Attaches `cdp` to the target; a call with no reply within `waitMs` gets `{ error: 'no reply' }`. */
export async function attachTarget(
  cdp: CDPSession,
  targetId: string,
  waitMs: number,
): Promise<{
  call: (method: string, params?: object) => Promise<TargetReply>;
  detach: () => Promise<void>;
}> {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
  let lastId = 0;
  const replies = new Map<number, (message: TargetReply) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as TargetReply & { id?: number };
    if (message.id !== undefined) replies.get(message.id)?.(message);
  });
  // A target that goes away (a popup that closes) answers no more.
  const call = (method: string, params: object = {}) =>
    new Promise<TargetReply>((resolve) => {
      const id = ++lastId;
      replies.set(id, resolve);
      setTimeout(() => resolve({ error: 'no reply' }), waitMs);
      void cdp
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch((error: unknown) => resolve({ error }));
    });
  const detach = () =>
    cdp.send('Target.detachFromTarget', { sessionId }).then(
      () => undefined,
      () => undefined,
    );
  return { call, detach };
}
