/** How robots.txt was fetched, what policy that gives, and how long robots keep it. */
import type { RobotsAudit } from '../../lib/robots/index.ts';
import { PageText } from '../PageText.tsx';

export function FetchSummary({ audit, nowMs }: { audit: RobotsAudit; nowMs: number }) {
  const policyClass =
    audit.policy === 'disallow-all' ? 'bad' : audit.policy === 'allow-all' ? 'warn' : 'ok';
  return (
    <dl class="facts" data-testid="robots-fetch">
      <dt>File</dt>
      <dd>
        <PageText text={audit.url} />
      </dd>
      <dt>HTTP status</dt>
      <dd data-testid="robots-status">{audit.status ?? 'no response'}</dd>
      {audit.redirects.map((hop, index) => (
        <>
          <dt key={`k${index}`}>Redirect</dt>
          <dd key={`v${index}`}>
            {hop.status || '3xx'} from <PageText text={hop.url} />
          </dd>
        </>
      ))}
      <dt>Policy</dt>
      <dd data-testid="robots-policy">
        <strong class={`policy policy-${policyClass}`}>{audit.policy}</strong> —{' '}
        <PageText text={audit.reason} />
      </dd>
      {audit.classicPolicy !== audit.policy ? (
        <>
          <dt>1996 reading</dt>
          <dd data-testid="robots-classic">{audit.classicPolicy} (the classic draft)</dd>
        </>
      ) : null}
      <dt>Cache</dt>
      <dd data-testid="robots-cache">
        fetched {formatAge(audit.ageMs)} ago; reused until{' '}
        {new Date(audit.expiresAtMs).toLocaleTimeString()}
        {audit.expiresAtMs <= nowMs ? ' (stale)' : ''}
      </dd>
      <dt>Size</dt>
      <dd>
        {audit.bytes.toLocaleString()} bytes
        {audit.truncated ? ' — over 500 KiB, the rest is ignored' : ''}
      </dd>
    </dl>
  );
}

function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}
