import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { fakeSite, page } from '../../tests/support/fake-site.ts';
import { checkLinks } from './check-links.ts';
import { systemClock } from './clock.ts';

const O = 'http://site.test';

describe('checkLinks', () => {
  it('checks each link once, politely, without following anything', async () => {
    const site = fakeSite({
      [`${O}/robots.txt`]: { body: 'User-agent: *\nDisallow: /private/\n' },
      [`${O}/ok.html`]: { html: page('OK', [['/deeper.html', 'deeper']]) },
      [`${O}/old`]: { status: 301, headers: [['location', '/ok.html']] },
    });
    const records = await checkLinks(
      [`${O}/ok.html`, `${O}/ok.html#top`, `${O}/gone.html`, `${O}/old`, `${O}/private/x`],
      { delayMs: 0 },
      { http: site.http, clock: systemClock },
    );
    const byUrl = Object.fromEntries(records.map((r) => [r.url, r]));
    expect(Object.keys(byUrl).sort()).toEqual([
      `${O}/gone.html`,
      `${O}/ok.html`,
      `${O}/old`,
      `${O}/private/x`,
    ]);
    expect(byUrl[`${O}/ok.html`]).toMatchObject({ status: 'ok', method: 'HEAD' });
    expect(byUrl[`${O}/gone.html`]).toMatchObject({ status: 'broken', httpStatus: 404 });
    expect(byUrl[`${O}/old`]).toMatchObject({ status: 'redirected', finalUrl: `${O}/ok.html` });
    expect(byUrl[`${O}/private/x`]?.status).toBe('blocked');
    expect(site.count(`${O}/private/x`)).toBe(0);
    expect(site.count(`${O}/deeper.html`)).toBe(0);
    expect(site.requests[0]!.url).toBe(`${O}/robots.txt`);
  });

  it('never requests a URL on the block list, even when robots.txt is not obeyed', async () => {
    const site = fakeSite({ [`${O}/ok.html`]: { html: page('OK') } });
    const records = await checkLinks(
      [`${O}/ok.html`, `${O}/cart/add?id=1`],
      { delayMs: 0, obeyRobots: false, blockList: ['/cart/*'] },
      { http: site.http, clock: systemClock },
    );
    expect(records.find((r) => r.url.includes('/cart/'))).toMatchObject({
      status: 'skipped',
      trap: 'blocked-pattern',
    });
    expect(site.requests.map((r) => r.url)).toEqual([`${O}/ok.html`]);
  });

  it('keeps to the page: no hop off its origin when other sites are off, no private address', async () => {
    const site = fakeSite({
      [`${O}/out`]: { status: 302, headers: [['location', 'http://elsewhere.test/target']] },
      [`${O}/in`]: { status: 302, headers: [['location', 'http://10.0.0.7/']] },
    });
    const check = (checkExternal: boolean) =>
      checkLinks(
        [`${O}/out`, `${O}/in`, 'http://192.168.0.1/'],
        { delayMs: 0, checkExternal },
        { http: site.http, clock: systemClock, pageUrl: `${O}/page.html` },
      ).then((records) => Object.fromEntries(records.map((r) => [r.url, r])));
    const offSiteOff = await check(false);
    expect(new Set(site.requests.map((r) => new URL(r.url).host))).toEqual(new Set(['site.test']));
    expect(offSiteOff[`${O}/out`]).toMatchObject({
      status: 'redirected',
      finalUrl: 'http://elsewhere.test/target',
    });
    const offSiteOn = await check(true);
    expect(site.requests.some((r) => /10\.0\.0\.7|192\.168/.test(r.url))).toBe(false);
    expect(offSiteOn[`${O}/in`]).toMatchObject({
      status: 'skipped',
      skipReason: 'address-refused',
    });
    expect(offSiteOn['http://192.168.0.1/']).toMatchObject({
      status: 'skipped',
      skipReason: 'address-refused',
    });
  });
});

describe('checkLinks with a scope', () => {
  it('reports a redirect out of scope without requesting its target or its robots.txt', async () => {
    const other = 'http://other.test';
    const site = fakeSite({
      [`${O}/away`]: { status: 302, headers: [['location', `${other}/secret`]] },
      [`${O}/home`]: { status: 301, headers: [['location', '/ok.html']] },
      [`${O}/ok.html`]: { html: page('OK') },
      [`${other}/secret`]: { html: page('Secret') },
    });
    const records = await checkLinks(
      [`${O}/away`, `${O}/home`],
      { delayMs: 0, checkExternal: false },
      { http: site.http, clock: systemClock, pageUrl: `${O}/` },
    );
    const away = records.find((r) => r.url === `${O}/away`);
    expect(away).toMatchObject({
      status: 'redirected',
      httpStatus: 302,
      finalUrl: `${other}/secret`,
      redirects: [{ url: `${O}/away`, status: 302 }],
    });
    expect(english(away!.reason!)).toContain('on another site, not requested');
    expect(records.find((r) => r.url === `${O}/home`)).toMatchObject({
      status: 'redirected',
      finalUrl: `${O}/ok.html`,
    });
    expect(site.requests.filter((r) => r.url.startsWith(other))).toEqual([]);
  });
});
