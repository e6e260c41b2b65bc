/** The groups as robots read them, and the sitemaps the file names. */
import type { RobotsGroup, RobotsSitemap } from '../../lib/robots/index.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';

export interface GroupListProps {
  groups: RobotsGroup[];
  sitemaps: RobotsSitemap[];
  onShowLine: (line: number) => void;
}

export function GroupList({ groups, sitemaps, onShowLine }: GroupListProps) {
  const { t, plural } = useI18n();
  return (
    <section aria-label={t('robots_groups')} class="groups">
      <h2>{t('robots_groups_count', { count: groups.length })}</h2>
      <ul>
        {groups.map((group) => (
          <li key={group.line}>
            <button type="button" class="link" onClick={() => onShowLine(group.line)}>
              {t('line_n', { line: String(group.line) })}
            </button>{' '}
            User-agent: <PageText text={group.userAgents.map((agent) => agent.value).join(', ')} />{' '}
            — {plural('robots_rules', group.rules.length)}
            {group.crawlDelay ? (
              <>
                , Crawl-delay <PageText text={group.crawlDelay.value} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {sitemaps.length > 0 ? (
        <>
          <h2>{t('robots_sitemaps_count', { count: sitemaps.length })}</h2>
          <ul>
            {sitemaps.map((sitemap) => (
              <li key={sitemap.line}>
                {t('line_n_colon', { line: String(sitemap.line) })} <PageText text={sitemap.url} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
