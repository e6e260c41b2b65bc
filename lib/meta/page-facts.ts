/**
 * What a page says about itself, as read from its markup. Two readers fill
 * it: the content script from the live DOM (entrypoints/content) and
 * `extractPageFacts` from raw HTML with a real parser (the command line and
 * the service worker). Everything downstream (findings, the verdict) works
 * on this shape only, so both readers get the same answers.
 */
export interface MetaTag {
  /** The `name` (or `property`, for Open Graph) attribute, lower-cased and trimmed. */
  name: string;
  /** The `content` attribute as written (entities decoded), untrimmed. */
  content: string;
  /** False when the tag sits in `<body>`: robots META belongs in `<head>`. */
  inHead: boolean;
}

export interface LinkTag {
  /** `rel` tokens, lower-cased. */
  rel: string[];
  /** The `href` attribute as written. */
  href: string;
  /** `hreflang`, as written, when present. */
  hreflang?: string;
  inHead: boolean;
}

export interface PageFacts {
  /** The document URL (after redirects). */
  url: string;
  /** `<base href>` as written, when present; relative URLs resolve against it. */
  baseHref?: string;
  /** `<title>` text, whitespace-collapsed; null when absent. */
  title: string | null;
  /** Every `<meta name|property content>` tag in document order. */
  metas: MetaTag[];
  /** Every `<link rel href>` tag (canonical, alternate, …) in document order. */
  links: LinkTag[];
  /** `<meta http-equiv="refresh" content>` values in document order. */
  refresh: string[];
  /** Count of `<a href>` elements. */
  anchorCount: number;
  /** Count of `<a href>` elements whose `rel` contains `nofollow`. */
  nofollowAnchorCount: number;
  /** Present when the facts were cut to fit storage (lib/meta/cap-page-facts.ts): what was left out. */
  cut?: PageFactsCut;
}

/** What `capPageFacts` left out: tags dropped and values shortened. */
export interface PageFactsCut {
  metasDropped: number;
  linksDropped: number;
  refreshDropped: number;
  valuesShortened: number;
}
