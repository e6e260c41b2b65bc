/** How robots.txt was fetched, what policy that gives, and how long robots keep it. */
import type { RobotsAudit } from '../../lib/robots/index.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { useI18n } from '../i18n.tsx';
import { PageText } from '../PageText.tsx';

export function FetchSummary({ audit, nowMs }: { audit: RobotsAudit; nowMs: number }) {
  const i18n = useI18n();
  const { t, say, lang } = i18n;
  const policyClass =
    audit.policy === 'disallow-all' ? 'bad' : audit.policy === 'allow-all' ? 'warn' : 'ok';
  return (
    <dl class="facts" data-testid="robots-fetch">
      <dt>{t('robots_file')}</dt>
      <dd>
        <PageText text={audit.url} />
      </dd>
      <dt>{t('http_status')}</dt>
      <dd data-testid="robots-status">{audit.status ?? t('no_response')}</dd>
      {audit.redirects.map((hop, index) => (
        <>
          <dt key={`k${index}`}>{t('robots_redirect')}</dt>
          <dd key={`v${index}`}>
            {t('robots_redirect_from', { status: String(hop.status || '3xx') })}{' '}
            <PageText text={hop.url} />
          </dd>
        </>
      ))}
      <dt>{t('robots_policy')}</dt>
      <dd data-testid="robots-policy">
        <strong class={`policy policy-${policyClass}`}>{audit.policy}</strong> —{' '}
        <PageText text={say(audit.reason)} />
      </dd>
      {audit.classicPolicy !== audit.policy ? (
        <>
          <dt>{t('robots_classic')}</dt>
          <dd data-testid="robots-classic">
            {t('robots_classic_value', { policy: audit.classicPolicy })}
          </dd>
        </>
      ) : null}
      <dt>{t('robots_cache')}</dt>
      <dd data-testid="robots-cache">
        {t(audit.expiresAtMs <= nowMs ? 'robots_cache_stale' : 'robots_cache_value', {
          age: formatAge(audit.ageMs, i18n),
          until: new Date(audit.expiresAtMs).toLocaleTimeString(lang),
        })}
      </dd>
      <dt>{t('robots_size')}</dt>
      <dd>
        {audit.truncated
          ? t('robots_size_truncated', { bytes: audit.bytes })
          : t('robots_size_value', { bytes: audit.bytes })}
      </dd>
    </dl>
  );
}

function formatAge(ms: number, { t }: Translator): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('unit_seconds', { count: seconds });
  const minutes = Math.round(seconds / 60);
  return minutes < 60
    ? t('unit_minutes', { count: minutes })
    : t('unit_hours', { count: Math.round(minutes / 60) });
}
