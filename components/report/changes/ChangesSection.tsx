/**
 * "Changes since <date>": what differs from the site's previous crawl,
 * shown first on the report page. A headline counts the worse and the
 * better (in words, not colour alone); then one part per kind that has
 * entries, each a table like the report's others, robots.txt as a line
 * diff with its effects. Presentational: the page fetches the changes,
 * says whether to take focus (`#changes`) and hears when they were seen.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { CrawlReport } from '../../../lib/crawl/report.ts';
import type { PlainMessageKey, PluralBase } from '../../../lib/i18n/catalog.ts';
import type { CrawlChanges } from '../../../lib/watch/types.ts';
import { useI18n } from '../../i18n.tsx';
import { TableExports } from '../ExportButtons.tsx';
import { DataTable } from '../table/DataTable.tsx';
import {
  changeCounts,
  changeParts,
  changesCsv,
  type ChangeCount,
  type ChangePart,
} from './changes-rows.ts';
import {
  fixedSpec,
  lostIndexableSpec,
  newBrokenSpec,
  newRedirectsSpec,
  newTrapsSpec,
  regainedIndexableSpec,
  sitemapChangesSpec,
  type ChangesSpecBuilder,
} from './changes-specs.tsx';
import { RobotsChanges } from './RobotsChanges.tsx';

/** The element id `report.html?…#changes` points at. */
export const CHANGES_ID = 'changes';

export interface ChangesSectionProps {
  report: CrawlReport;
  changes: CrawlChanges;
  /** Take focus (and scroll to it) once shown: the page was opened at `#changes`. */
  focus?: boolean;
  /** Called once, when the section is first shown. */
  onSeen?: () => void;
}

const COUNT_WORDS: Record<ChangeCount['part'], PluralBase> = {
  'new-broken': 'changes_count_new_broken',
  fixed: 'changes_count_fixed',
  'lost-indexable': 'changes_count_lost_indexable',
  'regained-indexable': 'changes_count_regained_indexable',
  'new-redirects': 'changes_count_new_redirects',
  'new-traps': 'changes_count_new_traps',
  robots: 'changes_count_robots',
  'sitemap-removed': 'changes_count_sitemap_removed',
  'sitemap-added': 'changes_count_sitemap_added',
};

const PART_HEADINGS: Record<ChangePart, PlainMessageKey> = {
  'new-broken': 'changes_part_new_broken',
  fixed: 'changes_part_fixed',
  'lost-indexable': 'changes_part_lost_indexable',
  'regained-indexable': 'changes_part_regained_indexable',
  'new-redirects': 'changes_part_new_redirects',
  'new-traps': 'changes_part_new_traps',
  robots: 'changes_part_robots',
  sitemap: 'changes_part_sitemap',
};

export function ChangesSection({ report, changes, focus = false, onSeen }: ChangesSectionProps) {
  const { t, lang } = useI18n();
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) {
      region.current?.scrollIntoView({ block: 'start' });
      region.current?.focus({ preventScroll: true });
    }
    onSeen?.();
    // Once, when shown: a refreshed report keeps the section (and its "seen").
  }, []);
  const date = useMemo(
    () =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
        changes.sinceMs,
      ),
    [lang, changes.sinceMs],
  );
  return (
    <section
      id={CHANGES_ID}
      ref={region}
      class="changes panel"
      aria-labelledby="changes-heading"
      tabIndex={-1}
      data-testid="changes"
    >
      <h2 id="changes-heading">{t('changes_heading', { date })}</h2>
      <p class="about">{t('changes_about')}</p>
      <ChangesHeadline changes={changes} />
      <TableExports
        report={report}
        part="changes"
        noun={t('changes_noun')}
        csv={() => changesCsv(changes)}
        json={() => changes}
      />
      {changeParts(changes).map((part) => (
        <section
          key={part}
          class={`changes-part changes-${part}`}
          aria-labelledby={`changes-${part}-heading`}
          data-part={part}
        >
          <h3 id={`changes-${part}-heading`}>{t(PART_HEADINGS[part])}</h3>
          <PartBody part={part} changes={changes} />
        </section>
      ))}
    </section>
  );
}

/** "Worse: 1 new broken link, … Better: 1 fixed link": each side named in words. */
function ChangesHeadline({ changes }: { changes: CrawlChanges }) {
  const { t, plural } = useI18n();
  const counts = changeCounts(changes);
  const side = (worse: boolean) => counts.filter((c) => c.worse === worse);
  const words = (list: ChangeCount[]) =>
    list.map((c, index) => (
      <span key={c.part} class="change-count" data-part={c.part}>
        {index > 0 ? ', ' : ''}
        {plural(COUNT_WORDS[c.part], c.count)}
      </span>
    ));
  const worse = side(true);
  const better = side(false);
  return (
    <div class="changes-headline" data-testid="changes-headline">
      <p class="changes-worse">
        {worse.length > 0 ? (
          <>
            <strong>{t('changes_worse')}</strong> {words(worse)}
          </>
        ) : (
          t('changes_nothing_worse')
        )}
      </p>
      {better.length > 0 ? (
        <p class="changes-better">
          <strong>{t('changes_better')}</strong> {words(better)}
        </p>
      ) : null}
    </div>
  );
}

function PartBody({ part, changes }: { part: ChangePart; changes: CrawlChanges }) {
  switch (part) {
    case 'robots':
      return <RobotsChanges changes={changes.robots} />;
    case 'new-broken':
      return <ChangesTable changes={changes} build={newBrokenSpec} />;
    case 'fixed':
      return <ChangesTable changes={changes} build={fixedSpec} />;
    case 'lost-indexable':
      return <ChangesTable changes={changes} build={lostIndexableSpec} />;
    case 'regained-indexable':
      return <ChangesTable changes={changes} build={regainedIndexableSpec} />;
    case 'new-redirects':
      return <ChangesTable changes={changes} build={newRedirectsSpec} />;
    case 'new-traps':
      return <ChangesTable changes={changes} build={newTrapsSpec} />;
    case 'sitemap':
      return <ChangesTable changes={changes} build={sitemapChangesSpec} />;
  }
}

function ChangesTable<R>({
  changes,
  build,
}: {
  changes: CrawlChanges;
  build: ChangesSpecBuilder<R>;
}) {
  const i18n = useI18n();
  const spec = useMemo(() => build(changes, i18n), [build, changes, i18n]);
  return <DataTable spec={spec} />;
}
