/**
 * htmlparser2's parser events (open tag with attributes, close tag, text),
 * from its Tokenizer driven directly: the same events, in the same order,
 * at the same `startIndex`, as `new Parser(handlers, { decodeEntities: false })`
 * gives for a whole document written at once — except that each attribute
 * object holds only the attributes the reader asked for.
 *
 * Why not the Parser itself: it builds an object with every attribute of
 * every tag (name sliced, lower-cased, value sliced and concatenated), and
 * a crawl reads a dozen attribute names out of the thousands it is handed.
 * That and its array-front stack operations were about a quarter of the
 * CPU time of reading a page (profile of bench/read-pages.ts over Debian's
 * libstdc++ docs).
 *
 * What is kept of the Parser's HTML-mode tree building, because the
 * readers' output depends on it: the open-element stack (a close tag closes
 * every element opened after the one it names; an unmatched close tag is
 * ignored), the tags whose opening implies closing others (`<p>` closes an
 * open `<p>`, `<li>` an open `<li>`, …), void elements (opened and closed at
 * once; a close tag of one is ignored, except `</br>` which is a `<br>`),
 * `</p>` without an open `<p>` (an empty `<p>`), self-closing tags that
 * count only inside `<svg>`/`<math>`, and every still-open element closed at
 * the end. The tables below are htmlparser2 10's (lib/esm/Parser.js);
 * html-events.test.ts compares both event streams on hostile markup, so an
 * upgrade that changes them fails there.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

export type Attributes = Record<string, string>;

/** The parser events a reader consumes (htmlparser2's handler names). */
export interface HtmlEventHandlers {
  onopentag(name: string, attributes: Attributes): void;
  onclosetag(name: string): void;
  ontext(text: string): void;
}

export interface HtmlEventSource {
  /** Where in the HTML the current event starts: htmlparser2's `Parser.startIndex`. */
  readonly startIndex: number;
}

const P_ONLY: ReadonlySet<string> = new Set(['p']);
const FORM_ELEMENTS: ReadonlySet<string> = new Set([
  'input',
  'option',
  'optgroup',
  'select',
  'button',
  'datalist',
  'textarea',
]);
const TABLE_SECTIONS: ReadonlySet<string> = new Set(['thead', 'tbody']);
const DD_DT: ReadonlySet<string> = new Set(['dd', 'dt']);
const RT_RP: ReadonlySet<string> = new Set(['rt', 'rp']);

/** Open elements a start tag closes first, while they are the current element. */
const OPEN_IMPLIES_CLOSE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['p', P_ONLY],
  ['h1', P_ONLY],
  ['h2', P_ONLY],
  ['h3', P_ONLY],
  ['h4', P_ONLY],
  ['h5', P_ONLY],
  ['h6', P_ONLY],
  ['select', FORM_ELEMENTS],
  ['input', FORM_ELEMENTS],
  ['output', FORM_ELEMENTS],
  ['button', FORM_ELEMENTS],
  ['datalist', FORM_ELEMENTS],
  ['textarea', FORM_ELEMENTS],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['address', P_ONLY],
  ['article', P_ONLY],
  ['aside', P_ONLY],
  ['blockquote', P_ONLY],
  ['details', P_ONLY],
  ['div', P_ONLY],
  ['dl', P_ONLY],
  ['fieldset', P_ONLY],
  ['figcaption', P_ONLY],
  ['figure', P_ONLY],
  ['footer', P_ONLY],
  ['form', P_ONLY],
  ['header', P_ONLY],
  ['hr', P_ONLY],
  ['main', P_ONLY],
  ['nav', P_ONLY],
  ['ol', P_ONLY],
  ['pre', P_ONLY],
  ['section', P_ONLY],
  ['table', P_ONLY],
  ['ul', P_ONLY],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
]);

const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements inside which a self-closing tag (`<a/>`) closes itself. */
const FOREIGN_CONTEXT_ELEMENTS: ReadonlySet<string> = new Set(['math', 'svg']);
/** Elements of SVG/MathML whose contents are HTML again. */
const HTML_INTEGRATION_ELEMENTS: ReadonlySet<string> = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);

/** What the tree building needs to know of an element, found with one lookup per tag. */
interface ElementRules {
  /** The name itself, one shared string: later lookups of it need no hashing. */
  name: string;
  closes: ReadonlySet<string> | undefined;
  isVoid: boolean;
  /** Opening it enters foreign content (svg, math) or HTML again (foreignObject, …). */
  context: 'foreign' | 'html' | null;
}

/** Elements with rules, and the commonest others (so their names are shared too). */
const COMMON_ELEMENTS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'body',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'em',
  'font',
  'head',
  'html',
  'i',
  'kbd',
  'label',
  'nobr',
  'noscript',
  'ol',
  'pre',
  'q',
  's',
  'samp',
  'script',
  'small',
  'span',
  'strong',
  'style',
  'sub',
  'sup',
  'template',
  'title',
  'tt',
  'u',
  'var',
  'iframe',
  'object',
  'picture',
  'video',
  'audio',
  'canvas',
  'path',
  'g',
  'use',
];

const ELEMENT_RULES: ReadonlyMap<string, ElementRules> = elementRules();
const P_RULES = ELEMENT_RULES.get('p') as ElementRules;
/** The Parser's tag name between tags (""): a self-closing end there closes nothing. */
const NO_ELEMENT = rulesOf('');

function elementRules(): Map<string, ElementRules> {
  const names = new Set([
    ...COMMON_ELEMENTS,
    ...OPEN_IMPLIES_CLOSE.keys(),
    ...VOID_ELEMENTS,
    ...FOREIGN_CONTEXT_ELEMENTS,
    ...HTML_INTEGRATION_ELEMENTS,
  ]);
  const rules = new Map<string, ElementRules>();
  for (const name of names) rules.set(name, rulesOf(name));
  return rules;
}

function rulesOf(name: string): ElementRules {
  return {
    name,
    closes: OPEN_IMPLIES_CLOSE.get(name),
    isVoid: VOID_ELEMENTS.has(name),
    context: FOREIGN_CONTEXT_ELEMENTS.has(name)
      ? 'foreign'
      : HTML_INTEGRATION_ELEMENTS.has(name)
        ? 'html'
        : null,
  };
}

/** The attributes kept on one element, and a cheap pre-check of names. */
interface KeptNames {
  names: ReadonlySet<string>;
  /** `nameKey` of each name: a name whose key is not here is not sliced and lower-cased. */
  keys: ReadonlySet<number>;
}

/**
 * Which attributes the readers use, per element: nearly every tag of a real
 * page (`<span class>`, `<div id>`) has none of them, and comparing a
 * name's length and first letter costs far less than slicing it.
 */
export class AttributeSelection {
  readonly #byElement: ReadonlyMap<string, KeptNames>;
  readonly #otherElements: KeptNames;

  /** Names lower-case; `everyElement` is kept on all elements, listed or not. */
  constructor(
    byElement: Readonly<Record<string, readonly string[]>>,
    everyElement: readonly string[],
  ) {
    this.#byElement = new Map(
      Object.entries(byElement).map(([element, names]) => [
        element,
        keptNames([...names, ...everyElement]),
      ]),
    );
    this.#otherElements = keptNames(everyElement);
  }

  forElement(name: string): KeptNames {
    return this.#byElement.get(name) ?? this.#otherElements;
  }

  /** Whether `attribute` is kept on `element`. */
  keeps(element: string, attribute: string): boolean {
    return this.forElement(element).names.has(attribute);
  }
}

function keptNames(names: readonly string[]): KeptNames {
  return {
    names: new Set(names),
    keys: new Set(names.map((name) => nameKey(name.length, name.charCodeAt(0)))),
  };
}

/** A name's length and first character, ASCII letters lower-cased. */
function nameKey(length: number, firstCode: number): number {
  const lower = firstCode >= 0x41 && firstCode <= 0x5a ? firstCode | 0x20 : firstCode;
  return length * 0x10000 + lower;
}

/**
 * Streams `html`'s events to `handlers`; attribute objects hold only the
 * names `kept` selects for their element, the first occurrence of each as
 * the Parser keeps it. `onStart` receives the source before the first event,
 * for readers that ask where an event starts.
 */
export function streamHtmlEvents(
  html: string,
  handlers: HtmlEventHandlers,
  kept: AttributeSelection,
  onStart?: (source: HtmlEventSource) => void,
): void {
  const driver = new EventDriver(html, handlers, kept);
  onStart?.(driver);
  const tokenizer = new Tokenizer({ decodeEntities: false }, driver);
  tokenizer.write(html);
  tokenizer.end();
}

/**
 * The Tokenizer's callbacks, turned into parser events as the Parser does.
 * The stacks grow at the end (the Parser's grow at the front: the same
 * order, without moving every element on each push).
 */
class EventDriver implements TokenizerCallbacks, HtmlEventSource {
  startIndex = 0;
  private openTagStart = 0;
  /** The tag being opened. */
  private tag: ElementRules = NO_ELEMENT;
  private attributes: Attributes | null = null;
  /** The attribute being read is kept; its value so far. */
  private keepAttribute = false;
  private attributeName = '';
  private attributeValue = '';
  private readonly stack: string[] = [];
  /** Whether self-closing tags count: true inside svg/math, false in HTML. */
  private readonly foreignContext: boolean[] = [false];
  /** The attributes kept on the tag being opened. */
  private keptNames: KeptNames;

  constructor(
    private readonly html: string,
    private readonly handlers: HtmlEventHandlers,
    private readonly kept: AttributeSelection,
  ) {
    this.keptNames = kept.forElement('');
  }

  ontext(start: number, endIndex: number): void {
    this.handlers.ontext(this.html.slice(start, endIndex));
    this.startIndex = endIndex;
  }

  ontextentity(): void {
    // Character references are not decoded (decodeEntities: false): never called.
  }

  onopentagname(start: number, endIndex: number): void {
    this.emitOpenTag(this.elementAt(start, endIndex));
  }

  onopentagend(endIndex: number): void {
    this.endOpenTag();
    this.startIndex = endIndex + 1;
  }

  onclosetag(start: number, endIndex: number): void {
    const element = this.elementAt(start, endIndex);
    if (element.context !== null) this.foreignContext.pop();
    if (!element.isVoid) {
      const at = this.stack.lastIndexOf(element.name);
      if (at !== -1) {
        while (this.stack.length > at) this.handlers.onclosetag(this.stack.pop() as string);
      } else if (element === P_RULES) {
        // `</p>` with no open `<p>` is an empty paragraph.
        this.emitOpenTag(P_RULES);
        this.closeCurrentTag();
      }
    } else if (element.name === 'br') {
      // `</br>` is a `<br>`.
      this.handlers.onopentag('br', {});
      this.handlers.onclosetag('br');
    }
    this.startIndex = endIndex + 1;
  }

  onselfclosingtag(endIndex: number): void {
    if (this.foreignContext[this.foreignContext.length - 1] === true) {
      this.closeCurrentTag();
      this.startIndex = endIndex + 1;
    } else {
      this.onopentagend(endIndex);
    }
  }

  onattribname(start: number, endIndex: number): void {
    this.startIndex = start;
    this.keepAttribute = false;
    const key = nameKey(endIndex - start, this.html.charCodeAt(start));
    if (this.attributes === null || !this.keptNames.keys.has(key)) return;
    const name = this.html.slice(start, endIndex).toLowerCase();
    // The first of repeated attributes counts, as in the Parser.
    if (this.keptNames.names.has(name) && this.attributes[name] === undefined) {
      this.keepAttribute = true;
      this.attributeName = name;
    }
  }

  onattribdata(start: number, endIndex: number): void {
    if (this.keepAttribute) this.attributeValue += this.html.slice(start, endIndex);
  }

  onattribentity(): void {
    // Character references are not decoded (decodeEntities: false): never called.
  }

  onattribend(): void {
    if (this.keepAttribute && this.attributes !== null) {
      this.attributes[this.attributeName] = this.attributeValue;
    }
    this.keepAttribute = false;
    this.attributeValue = '';
  }

  oncomment(_start: number, endIndex: number): void {
    this.startIndex = endIndex + 1;
  }

  oncdata(_start: number, endIndex: number): void {
    // In HTML, CDATA is a comment.
    this.startIndex = endIndex + 1;
  }

  ondeclaration(_start: number, endIndex: number): void {
    this.startIndex = endIndex + 1;
  }

  onprocessinginstruction(_start: number, endIndex: number): void {
    this.startIndex = endIndex + 1;
  }

  onend(): void {
    for (let at = this.stack.length - 1; at >= 0; at--) {
      this.handlers.onclosetag(this.stack[at] as string);
    }
  }

  /** The element named between `start` and `end`, lower-cased as the Parser does. */
  private elementAt(start: number, end: number): ElementRules {
    const written = this.html.slice(start, end);
    const name = isLowerCase(this.html, start, end) ? written : written.toLowerCase();
    return ELEMENT_RULES.get(name) ?? rulesOf(name);
  }

  private emitOpenTag(element: ElementRules): void {
    this.openTagStart = this.startIndex;
    this.tag = element;
    const closes = element.closes;
    if (closes !== undefined) {
      while (this.stack.length > 0 && closes.has(this.stack[this.stack.length - 1] as string)) {
        this.handlers.onclosetag(this.stack.pop() as string);
      }
    }
    if (!element.isVoid) {
      this.stack.push(element.name);
      if (element.context !== null) this.foreignContext.push(element.context === 'foreign');
    }
    this.attributes = {};
    this.keptNames = this.kept.forElement(element.name);
  }

  private endOpenTag(): void {
    this.startIndex = this.openTagStart;
    if (this.attributes !== null) {
      this.handlers.onopentag(this.tag.name, this.attributes);
      this.attributes = null;
    }
    if (this.tag.isVoid) this.handlers.onclosetag(this.tag.name);
    this.tag = NO_ELEMENT;
  }

  /** Opens and closes the current tag at once (a self-closing tag in svg/math, an implied `<p>`). */
  private closeCurrentTag(): void {
    const name = this.tag.name;
    this.endOpenTag();
    if (this.stack[this.stack.length - 1] === name) {
      this.handlers.onclosetag(name);
      this.stack.pop();
    }
  }
}

/** Whether the name has no character `toLowerCase` would change (ASCII capitals or beyond ASCII). */
function isLowerCase(html: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = html.charCodeAt(at);
    if ((code >= 0x41 && code <= 0x5a) || code >= 0x80) return false;
  }
  return true;
}
