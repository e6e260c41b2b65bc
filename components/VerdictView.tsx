/** The page verdict: large and coloured, every reason with its source, the tags found. */
import type { RobotsSummary } from '../lib/protocol/messages.ts';
import type { PageTags, Reason, Verdict } from '../lib/verdict/types.ts';
import { PageText } from './PageText.tsx';

export interface VerdictViewProps {
  verdict: Verdict;
  robots: RobotsSummary | null;
}

export function VerdictView({ verdict, robots }: VerdictViewProps) {
  const blocking = verdict.reasons.filter((r) => r.blocking);
  const notes = verdict.reasons.filter((r) => !r.blocking);
  return (
    <section aria-label="Page verdict">
      <div
        class={`verdict ${verdict.indexable ? 'verdict-yes' : 'verdict-no'}`}
        data-testid="verdict"
      >
        <div class="verdict-title">{verdict.indexable ? 'Indexable' : 'Not indexable'}</div>
        <div class="verdict-robot">for {verdict.ua === '*' ? 'any robot (*)' : verdict.ua}</div>
        <p class="verdict-summary">
          <PageText text={verdict.summary} />
        </p>
      </div>
      <dl class="facts">
        <dt>Page</dt>
        <dd data-testid="page-url">
          <PageText text={verdict.finalUrl} />
        </dd>
        <dt>HTTP status</dt>
        <dd data-testid="http-status">{verdict.status ?? 'no response'}</dd>
        <dt>robots.txt</dt>
        <dd data-testid="robots-line">
          <PageText text={describeRobots(robots)} />
        </dd>
      </dl>
      <ReasonList title="Why not indexable" reasons={blocking} kind="blocking" />
      <ReasonList title="Notes" reasons={notes} kind="note" />
      <TagTable tags={verdict.tags} />
    </section>
  );
}

function describeRobots(robots: RobotsSummary | null): string {
  if (!robots) return 'not checked';
  const { decision } = robots;
  const rule =
    decision.line !== null ? `line ${decision.line}: ${decision.rule ?? ''}` : decision.reason;
  return `${decision.allowed ? 'allowed' : 'disallowed'} — ${rule}`;
}

function ReasonList({ title, reasons, kind }: { title: string; reasons: Reason[]; kind: string }) {
  if (reasons.length === 0) return null;
  return (
    <section class={`reasons reasons-${kind}`} aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {reasons.map((reason, index) => (
          <li key={index} data-code={reason.code}>
            <span class="reason-code">{reason.code}</span>
            <span class="reason-detail">
              <PageText text={reason.detail} />
            </span>
            <code class="reason-source">
              <PageText text={reason.source} />
            </code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TagTable({ tags }: { tags: PageTags }) {
  const rows: [string, string][] = [];
  const add = (name: string, value: string | null) => value !== null && rows.push([name, value]);
  add('Title', tags.title);
  add('Description', tags.description);
  add('Keywords', tags.keywords);
  add('Revisit-after', tags.revisitAfter);
  add('Canonical', tags.canonical);
  add('Refresh', tags.refresh);
  for (const meta of tags.robotsMeta) add(`META ${meta.name}`, meta.content);
  for (const value of tags.xRobotsTag) add('X-Robots-Tag', value);
  for (const alt of tags.hreflang) add(`hreflang ${alt.lang}`, alt.href);
  for (const og of tags.openGraph) add(og.property, og.content);
  add('Links', `${tags.anchorCount} (${tags.nofollowAnchorCount} nofollow)`);
  return (
    <section class="tags" aria-label="Tags found">
      <h2>Tags found</h2>
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
