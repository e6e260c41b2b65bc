import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Phrase } from '../lib/i18n/phrase.ts';
import { createTranslator } from '../lib/i18n/translator.ts';
import { decideFromFetch } from '../lib/robots/decide-fetch.ts';
import { computeVerdict } from '../lib/verdict/compute-verdict.ts';
import { sourcesToShow } from './verdict-sources.ts';

type Catalog = Record<
  string,
  { message: string; placeholders?: Record<string, { content: string }> }
>;

function translatorFor(lang: 'en' | 'ko') {
  const file = path.resolve(import.meta.dirname, `../public/_locales/${lang}/messages.json`);
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
  return createTranslator(lang, (key, substitutions) => {
    const entry = catalog[key];
    if (!entry) return undefined;
    return entry.message.replace(/\$([a-z_]+)\$/gi, (_, name: string) => {
      const at = entry.placeholders?.[name.toLowerCase()]?.content;
      return at ? (substitutions[Number(at.slice(1)) - 1] ?? '') : '';
    });
  });
}

function verdictWithRobots(status: number, body = '') {
  const url = 'https://example.com/page.html';
  const robots = decideFromFetch(
    {
      url: 'https://example.com/robots.txt',
      status,
      redirects: [],
      body: new TextEncoder().encode(body),
      headers: {},
      truncated: false,
      fetchedAtMs: 0,
    },
    url,
    'googlebot',
  );
  return computeVerdict({
    url,
    robot: 'googlebot',
    nowMs: 0,
    http: { status: 200, finalUrl: url, redirects: [], xRobotsTag: [] },
    page: null,
    robots,
  });
}

describe('the Page tab’s reason sources', () => {
  it.each(['en', 'ko'] as const)(
    '%s: a robots.txt answering 503 is named once in the reasons, not in every source',
    (lang) => {
      const i18n = translatorFor(lang);
      const verdict = verdictWithRobots(503);
      const shown = verdict.reasons.map((r) => i18n.say(r.detail));
      const sources = sourcesToShow(verdict.reasons, i18n);
      const text = [...shown, ...sources.filter((s) => s !== null)].join('\n');
      const why = i18n.say(
        (verdict.reasons.find((r) => r.code === 'robots-txt')!.source as Phrase).values
          .reason as never,
      );
      expect(text.split(why).length - 1).toBe(1);
      // Other reasons keep theirs (the Content-Type note names what it saw).
      expect(sources.at(-1)).not.toBeNull();
    },
  );

  it('keeps a source that names a rule, a line or a tag', () => {
    const i18n = translatorFor('en');
    const verdict = verdictWithRobots(200, 'User-agent: *\nDisallow: /page');
    const sources = sourcesToShow(verdict.reasons, i18n);
    expect(sources[0]).toBe('robots.txt line 2: Disallow: /page');
  });
});
