/** Typed senders over the one protocol (lib/protocol/messages.ts). */
import { browser } from 'wxt/browser';
import type { Message, MessageType, Reply } from '../lib/protocol/messages.ts';

export function sendToBackground<K extends MessageType>(message: Message<K>): Promise<Reply<K>> {
  return browser.runtime.sendMessage(message) as Promise<Reply<K>>;
}

export function sendToTab<K extends MessageType>(
  tabId: number,
  message: Message<K>,
): Promise<Reply<K>> {
  // Frame 0 only: the verdict is about the top-level document.
  return browser.tabs.sendMessage(tabId, message, { frameId: 0 }) as Promise<Reply<K>>;
}
