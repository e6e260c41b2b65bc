/**
 * Reaching a tab's page reader (entrypoints/content.ts). It is declared for
 * no site, so RobotLens has no access to any page by default: when the
 * popup asks about the active tab and no reader answers, the reader is
 * injected then, with the activeTab grant the browser gives for opening
 * the popup (or with host access the user granted). Without either grant
 * the injection is refused and the question fails with the browser's error.
 */
import { browser } from 'wxt/browser';
import type { Message, MessageType, Reply } from '../../lib/protocol/messages.ts';
import { sendToTab } from '../../extension/messaging.ts';
import { PAGE_READER_FILE } from '../../extension/page-reader-file.ts';

/** Sends `message` to the tab's reader, injecting the reader first if none answers. */
export async function askPageReader<K extends MessageType>(
  tabId: number,
  message: Message<K>,
): Promise<Reply<K>> {
  try {
    return await sendToTab(tabId, message);
  } catch {
    // No reader in the page yet (the usual case without "Check each page as I browse").
    await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      files: [PAGE_READER_FILE],
    });
    return sendToTab(tabId, message);
  }
}
