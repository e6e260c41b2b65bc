/**
 * Every message the background answers, in one place: one `onMessage`
 * listener, one `parseMessage`, and for each message type who may send it
 * and what handles it. Content scripts run next to hostile pages, so each
 * type names its sender rule (extension/sender.ts):
 *
 * - `extensionPage`: the extension's own pages (popup, report page) only;
 * - `contentScriptOf(pageUrl)`: a content script, for its own tab's top
 *   frame and that frame's own origin only.
 *
 * Anything else — another sender, another type, a malformed message — gets
 * no answer, and nothing is fetched, stored or sent to a tab for it.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  parseMessage,
  type Message,
  type MessageType,
  type Reply,
} from '../../lib/protocol/messages.ts';
import { isExtensionPage, tabSpokenFor } from '../../extension/sender.ts';
import { reportFor } from './crawl-report-service.ts';
import { answering, resumeCrawl, startCrawl, stopCrawl } from './crawl-service.ts';
import { highlight } from './highlight-service.ts';
import { auditForTab } from './robots-service.ts';
import { getVerdict, onPageFacts } from './verdict-service.ts';
import { changesFor, markChangesSeen } from './watch-service.ts';

/** A message's handling, or undefined when its sender may not send it. */
type Handler<K extends MessageType> = (
  message: Message<K>,
  sender: Browser.runtime.MessageSender,
) => Promise<Reply<K>> | undefined;

function extensionPage<K extends MessageType>(
  handle: (message: Message<K>) => Promise<Reply<K>>,
): Handler<K> {
  return (message, sender) => (isExtensionPage(sender) ? handle(message) : undefined);
}

/** A content script may speak for its own tab, about the page that tab's top frame shows. */
function contentScriptOf<K extends MessageType>(
  pageUrl: (message: Message<K>) => string,
  handle: (message: Message<K>, tabId: number) => Promise<Reply<K>>,
): Handler<K> {
  return (message, sender) => {
    const tabId = tabSpokenFor(sender, pageUrl(message));
    return tabId === null ? undefined : handle(message, tabId);
  };
}

/** `ready`: the start-up work (request identification) the crawl and the highlight wait for. */
function handlersFor(ready: Promise<void>) {
  const afterReady =
    <K extends MessageType>(handle: (message: Message<K>) => Promise<Reply<K>>) =>
    (message: Message<K>) =>
      ready.then(() => handle(message));
  return {
    'page-facts': contentScriptOf(
      (message) => message.facts.url,
      (message, tabId) => onPageFacts(tabId, message),
    ),
    'get-verdict': extensionPage(getVerdict),
    'get-robots-audit': extensionPage(auditForTab),
    // Only the extension's own pages may read reports; content scripts (next to pages) may not.
    'get-crawl-report': extensionPage(reportFor),
    'get-crawl-changes': extensionPage(changesFor),
    'mark-changes-seen': extensionPage(markChangesSeen),
    'start-crawl': extensionPage(afterReady((m) => answering(() => startCrawl(m)))),
    'stop-crawl': extensionPage(afterReady((m) => answering(() => stopCrawl(m)))),
    'resume-crawl': extensionPage(afterReady((m) => answering(() => resumeCrawl(m)))),
    'highlight-links': extensionPage(afterReady(highlight)),
  } satisfies { [K in MessageType]?: Handler<K> };
}

type Handlers = ReturnType<typeof handlersFor>;
type Routed = keyof Handlers;

export function registerRouter(ready: Promise<void>): void {
  const handlers = handlersFor(ready);
  const routed = Object.keys(handlers) as Routed[];
  const route = <K extends Routed>(message: Message<K>, sender: Browser.runtime.MessageSender) =>
    (handlers[message.type] as unknown as Handler<K>)(message, sender);
  browser.runtime.onMessage.addListener((raw, sender: Browser.runtime.MessageSender) => {
    const message = parseMessage(raw, routed);
    return message ? route(message, sender) : undefined;
  });
}
