/** The groups as robots read them, and the sitemaps the file names. */
import type { RobotsGroup, RobotsSitemap } from '../../lib/robots/index.ts';
import { PageText } from '../PageText.tsx';

export interface GroupListProps {
  groups: RobotsGroup[];
  sitemaps: RobotsSitemap[];
  onShowLine: (line: number) => void;
}

export function GroupList({ groups, sitemaps, onShowLine }: GroupListProps) {
  return (
    <section aria-label="Groups" class="groups">
      <h2>Groups ({groups.length})</h2>
      <ul>
        {groups.map((group) => (
          <li key={group.line}>
            <button type="button" class="link" onClick={() => onShowLine(group.line)}>
              line {group.line}
            </button>{' '}
            User-agent: <PageText text={group.userAgents.map((agent) => agent.value).join(', ')} />{' '}
            — {group.rules.length} {group.rules.length === 1 ? 'rule' : 'rules'}
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
          <h2>Sitemaps ({sitemaps.length})</h2>
          <ul>
            {sitemaps.map((sitemap) => (
              <li key={sitemap.line}>
                line {sitemap.line}: <PageText text={sitemap.url} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
