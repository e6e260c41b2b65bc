/**
 * Titles and META descriptions across the site, for indexable pages that
 * answered 2xx and were read as HTML (a 404 page's missing title is not a
 * finding): missing (no tag), empty (blank after trimming), longer than the
 * settings allow (characters counted as a person would: code points of the
 * trimmed text), and duplicated (the same trimmed text on several pages).
 * A duplicate is reported once per page, related = the other pages of the
 * group. Pages that name another canonical are left out of duplicate groups:
 * they declare themselves copies, so sharing a title is expected.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { addToGroup, finding, othersInGroup } from './finding.ts';
import { compareText } from '../text/compare-text.ts';
import { canonicalElsewhere, isIndexablePage } from './page-states.ts';
import type { PageAudit, SiteAuditInput, SiteFinding, SiteFindingCode } from './types.ts';

/** The codes and words of one text field (the title or the description). */
interface TextField {
  read: (page: PageAudit) => string | null;
  maxChars: (input: SiteAuditInput) => number;
  missing: { code: SiteFindingCode; detail: () => Phrase };
  empty: { code: SiteFindingCode; detail: () => Phrase };
  tooLong: { code: SiteFindingCode; detail: (chars: number, maxChars: number) => Phrase };
  duplicate: { code: SiteFindingCode; detail: (pages: string[]) => Phrase };
}

const TITLE: TextField = {
  read: (page) => page.title,
  maxChars: (input) => input.settings.maxTitleChars,
  missing: { code: 'title-missing', detail: () => phrase('site_finding_title_missing') },
  empty: { code: 'title-empty', detail: () => phrase('site_finding_title_empty') },
  tooLong: {
    code: 'title-too-long',
    detail: (chars, maxChars) => phrase('site_finding_title_too_long', { chars, limit: maxChars }),
  },
  duplicate: {
    code: 'title-duplicate',
    detail: (pages) => phrase('site_finding_title_duplicate', { pages }),
  },
};

const DESCRIPTION: TextField = {
  read: (page) => page.description,
  maxChars: (input) => input.settings.maxDescriptionChars,
  missing: {
    code: 'description-missing',
    detail: () => phrase('site_finding_description_missing'),
  },
  empty: { code: 'description-empty', detail: () => phrase('site_finding_description_empty') },
  tooLong: {
    code: 'description-too-long',
    detail: (chars, maxChars) =>
      phrase('site_finding_description_too_long', { chars, limit: maxChars }),
  },
  duplicate: {
    code: 'description-duplicate',
    detail: (pages) => phrase('site_finding_description_duplicate', { pages }),
  },
};

export function titleFindings(input: SiteAuditInput): SiteFinding[] {
  const pages = input.pages.filter(isIndexablePage);
  return [TITLE, DESCRIPTION].flatMap((field) => [
    ...pages.flatMap((page) => pageFindings(input, field, page)),
    ...duplicateFindings(field, pages),
  ]);
}

/** Characters as a person counts them: code points, not UTF-16 units. */
export function visibleChars(text: string): number {
  return [...text.trim()].length;
}

function pageFindings(input: SiteAuditInput, field: TextField, page: PageAudit): SiteFinding[] {
  const text = field.read(page);
  if (text === null) return [finding(field.missing.code, page.url, field.missing.detail())];
  const trimmed = text.trim();
  if (trimmed === '')
    return [finding(field.empty.code, page.url, field.empty.detail(), { value: text })];
  const chars = visibleChars(trimmed);
  const maxChars = field.maxChars(input);
  if (chars <= maxChars) return [];
  return [
    finding(field.tooLong.code, page.url, field.tooLong.detail(chars, maxChars), {
      value: trimmed,
    }),
  ];
}

function duplicateFindings(field: TextField, pages: readonly PageAudit[]): SiteFinding[] {
  const groups = new Map<string, string[]>();
  for (const page of pages) {
    const text = field.read(page)?.trim();
    if (!text || canonicalElsewhere(page)) continue;
    addToGroup(groups, text, page.url);
  }
  const out: SiteFinding[] = [];
  for (const [text, urls] of groups) {
    const group = [...new Set(urls)].sort(compareText);
    if (group.length < 2) continue;
    for (const url of group) {
      const related = othersInGroup(group, url);
      out.push(
        finding(field.duplicate.code, url, field.duplicate.detail(related), {
          related,
          value: text,
        }),
      );
    }
  }
  return out;
}
