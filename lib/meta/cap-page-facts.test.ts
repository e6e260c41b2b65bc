import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { storedBytes } from '../store/session-budget.ts';
import { computeVerdict } from '../verdict/compute-verdict.ts';
import { capPageFacts, PAGE_FACTS_LIMITS } from './cap-page-facts.ts';
import type { PageFacts } from './page-facts.ts';

const URL_ = 'https://site.example/page';

function facts(over: Partial<PageFacts> = {}): PageFacts {
  return {
    url: URL_,
    title: 'A page',
    metas: [],
    links: [],
    refresh: [],
    anchorCount: 0,
    nofollowAnchorCount: 0,
    ...over,
  };
}

/** The page of the report: 0.6 MB of META tags, its robots META last. */
function hugeMetaPage(): PageFacts {
  const junk = Array.from({ length: 600 }, (_, i) => ({
    name: `junk-${i}`,
    content: 'x'.repeat(1_000),
    inHead: true,
  }));
  return facts({
    title: 't'.repeat(50_000),
    metas: [...junk, { name: 'robots', content: 'noindex', inHead: true }],
    links: Array.from({ length: 2_000 }, (_, i) => ({
      rel: ['alternate'],
      href: `https://site.example/${'p'.repeat(100)}${i}`,
      inHead: true,
    })),
    refresh: Array(50).fill('0; url=/x'),
  });
}

describe('capPageFacts', () => {
  it('leaves an ordinary page as it is, with no cut', () => {
    const page = facts({ metas: [{ name: 'robots', content: 'noindex', inHead: true }] });
    expect(capPageFacts(page)).toEqual(page);
  });

  it('bounds a page with 0.6 MB of META tags to a small stored size', () => {
    const page = hugeMetaPage();
    expect(storedBytes('tab.1', page)).toBeGreaterThan(600_000);
    const capped = capPageFacts(page);
    expect(storedBytes('tab.1', capped)).toBeLessThan(64 * 1024);
    expect(capped.title).toHaveLength(PAGE_FACTS_LIMITS.maxValueChars);
    expect(capped.refresh).toHaveLength(PAGE_FACTS_LIMITS.maxRefresh);
    expect(capped.cut).toEqual({
      metasDropped: 601 - capped.metas.length,
      linksDropped: 2_000 - capped.links.length,
      refreshDropped: 45,
      valuesShortened: 1,
    });
    expect(capped.cut!.metasDropped).toBeGreaterThan(500);
  });

  it('keeps the robots META tags first, in document order, so the verdict still sees noindex', () => {
    const capped = capPageFacts(hugeMetaPage());
    expect(capped.metas.some((m) => m.name === 'robots' && m.content === 'noindex')).toBe(true);
    expect(capped.metas.map((m) => m.name).slice(0, 2)).toEqual(['junk-0', 'junk-1']);
    const verdict = computeVerdict({
      url: URL_,
      robot: 'googlebot',
      nowMs: 0,
      http: { status: 200, finalUrl: URL_, redirects: [], xRobotsTag: [] },
      page: capped,
      robots: null,
    });
    expect(verdict.indexable).toBe(false);
    // …and says the page was cut.
    const note = verdict.reasons.find((r) => r.code === 'page-facts-cut');
    expect(note).toMatchObject({ blocking: false });
    expect(english(note!.detail)).toMatch(/^Only part of this page's tags were kept/);
  });

  it('shortens each long value and says how many', () => {
    const capped = capPageFacts(
      facts({ metas: [{ name: 'description', content: 'd'.repeat(5_000), inHead: true }] }),
    );
    expect(capped.metas[0]!.content).toHaveLength(PAGE_FACTS_LIMITS.maxValueChars);
    expect(capped.cut).toMatchObject({ valuesShortened: 1, metasDropped: 0 });
  });
});
