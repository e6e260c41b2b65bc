/** The page verdict: large and coloured, every reason with its source, the tags found. */
import type { RobotsSummary } from '../lib/protocol/messages.ts';
import type { PageTags, Reason, Verdict } from '../lib/verdict/types.ts';
import type { Translator } from '../lib/i18n/translator.ts';
import { useI18n } from './i18n.tsx';
import { PageText } from './PageText.tsx';
import { OtherAnswers } from './robots/OtherAnswers.tsx';
import { sourcesToShow } from './verdict-sources.ts';

export interface VerdictViewProps {
  verdict: Verdict;
  robots: RobotsSummary | null;
}

export function VerdictView({ verdict, robots }: VerdictViewProps) {
  const i18n = useI18n();
  const { t, say } = i18n;
  const blocking = verdict.reasons.filter((r) => r.blocking);
  const notes = verdict.reasons.filter((r) => !r.blocking);
  // Sources that only repeat the words above them are left out (blocking reasons come first).
  const sources = sourcesToShow([...blocking, ...notes], i18n);
  return (
    <section aria-label={t('verdict_label')}>
      <div
        class={`verdict ${verdict.indexable ? 'verdict-yes' : 'verdict-no'}`}
        data-testid="verdict"
      >
        <div class="verdict-title">
          {verdict.indexable ? t('verdict_indexable') : t('verdict_not_indexable')}
        </div>
        <div class="verdict-robot">
          {t('verdict_for', { robot: verdict.ua === '*' ? t('robot_any_lower') : verdict.ua })}
        </div>
        <p class="verdict-summary">
          <PageText text={say(verdict.summary)} />
        </p>
      </div>
      <dl class="facts">
        <dt>{t('verdict_page')}</dt>
        <dd data-testid="page-url">
          <PageText text={verdict.finalUrl} />
        </dd>
        <dt>{t('http_status')}</dt>
        <dd data-testid="http-status">{verdict.status ?? t('no_response')}</dd>
        <dt>robots.txt</dt>
        <dd data-testid="robots-line">
          <PageText text={describeRobots(robots, i18n)} />
          <OtherAnswers answers={robots?.decision.otherAnswers} />
        </dd>
      </dl>
      <ReasonList
        title={t('verdict_why_not')}
        reasons={blocking}
        sources={sources.slice(0, blocking.length)}
        kind="blocking"
      />
      <ReasonList
        title={t('verdict_notes')}
        reasons={notes}
        sources={sources.slice(blocking.length)}
        kind="note"
      />
      <TagTable tags={verdict.tags} />
    </section>
  );
}

function describeRobots(robots: RobotsSummary | null, { t, say }: Translator): string {
  if (!robots) return t('robots_not_checked');
  const { decision } = robots;
  const rule =
    decision.line !== null
      ? t('robots_line_rule', { line: String(decision.line), rule: decision.rule ?? '' })
      : say(decision.reason);
  return t('robots_decision', {
    answer: decision.allowed ? t('robots_allowed') : t('robots_disallowed'),
    rule,
  });
}

function ReasonList({
  title,
  reasons,
  sources,
  kind,
}: {
  title: string;
  reasons: Reason[];
  /** Each reason's source, null when it is not shown. */
  sources: (string | null)[];
  kind: string;
}) {
  const { say } = useI18n();
  if (reasons.length === 0) return null;
  return (
    <section class={`reasons reasons-${kind}`} aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {reasons.map((reason, index) => (
          <li key={index} data-code={reason.code}>
            <span class="reason-code">{reason.code}</span>
            <span class="reason-detail">
              <PageText text={say(reason.detail)} />
            </span>
            {sources[index] !== null && sources[index] !== undefined ? (
              <code class="reason-source">
                <PageText text={sources[index]} />
              </code>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TagTable({ tags }: { tags: PageTags }) {
  const { t } = useI18n();
  const rows: [string, string][] = [];
  const add = (name: string, value: string | null) => value !== null && rows.push([name, value]);
  add(t('tag_title'), tags.title);
  add(t('tag_description'), tags.description);
  add(t('tag_keywords'), tags.keywords);
  add('Revisit-after', tags.revisitAfter);
  add(t('tag_canonical'), tags.canonical);
  add('Refresh', tags.refresh);
  for (const meta of tags.robotsMeta) add(`META ${meta.name}`, meta.content);
  for (const value of tags.xRobotsTag) add('X-Robots-Tag', value);
  for (const alt of tags.hreflang) add(`hreflang ${alt.lang}`, alt.href);
  for (const og of tags.openGraph) add(og.property, og.content);
  add(
    t('tag_links'),
    t('tag_links_value', { count: tags.anchorCount, nofollow: tags.nofollowAnchorCount }),
  );
  return (
    <section class="tags" aria-label={t('tags_found')}>
      <h2>{t('tags_found')}</h2>
      <table>
        <tbody>
          {rows.map(([name, value], index) => (
            <tr key={index}>
              <th scope="row">
                <PageText text={name} />
              </th>
              <td>
                <PageText text={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
