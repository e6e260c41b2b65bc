/**
 * The extension in Korean: Chromium started with `--lang=ko` picks
 * _locales/ko, and the popup, its
 * reasons, the robots.txt and crawl tabs, the badge and the Options page
 * speak Korean, with
 * `<html lang="ko">`; the same build in English is covered by every other
 * browser test.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../support/run-cli.ts';
import { readStateFile } from '../../cli/state/state-file.ts';
import { startSiteServer, type SiteServer } from '../../cli/site-server.ts';
import { EXTENSION_DIR, expect, test } from './extension.ts';
import { extensionLaunchOptions } from './launch-options.ts';
import { openTabFrom } from './open-tab.ts';
import { badgeText } from './site-tab.ts';
import { clickToolbarButton } from './toolbar-button.ts';

let site: SiteServer;
let profile: string;
let context: BrowserContext;
let extensionId: string;

test.beforeAll(async () => {
  site = await startSiteServer(path.resolve('tests/fixtures/indexability'));
  profile = await mkdtemp(path.join(os.tmpdir(), 'robotlens-ko-'));
  const options = extensionLaunchOptions(EXTENSION_DIR);
  context = await chromium.launchPersistentContext(profile, {
    ...options,
    // On Debian's Chromium, headless, the flag chooses the messages; LANGUAGE or LANG alone do not.
    args: [...options.args, '--lang=ko'],
    // Playwright overrides the pages' locale (en-US unless told), and getUILanguage reports it.
    locale: 'ko-KR',
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
});

test.afterAll(async () => {
  await context?.close();
  await rm(profile, { recursive: true, force: true });
  await site.close();
});

async function popupFor(pathname: string): Promise<{ popup: Page; tabId: number }> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=999999`);
  const { tabId, page } = await openTabFrom(popup, `${site.origin}${pathname}`);
  // RobotLens reads the tab once its toolbar button was clicked there (activeTab).
  await clickToolbarButton(context, page);
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  await expect(popup.getByTestId('verdict')).toBeVisible();
  return { popup, tabId };
}

test('the browser reports Korean as its UI language', async () => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html?tabId=999999`);
  expect(await page.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^ko/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^ko/);
});

test('the popup speaks Korean: verdict, reasons, tabs and tags', async () => {
  const { popup, tabId } = await popupFor('/noindex-meta.html');
  const verdict = popup.getByTestId('verdict');
  await expect(verdict).toContainText('색인 생성 불가');
  await expect(verdict).toContainText('googlebot: 색인 생성 불가');
  await expect(popup.getByRole('tab', { name: '페이지' })).toBeVisible();
  await expect(popup.getByRole('tab', { name: '크롤링' })).toBeVisible();
  await expect(popup.getByRole('heading', { name: '색인 생성 불가 이유' })).toBeVisible();
  await expect(popup.locator('li[data-code="meta-robots"]')).toContainText('색인하지 않습니다');
  await expect(popup.getByRole('heading', { name: '발견된 태그' })).toBeVisible();
  await expect(popup.getByRole('button', { name: '다시 확인' })).toBeVisible();
  // No English UI words left on the page tab (page data aside).
  const text = await popup.locator('main').innerText();
  for (const english of ['Not indexable', 'Why not indexable', 'Tags found', 'Check again'])
    expect(text).not.toContain(english);
  expect(await badgeText(popup, tabId)).toBe('불가');
});

test('the robots.txt and crawl tabs speak Korean too', async () => {
  const { popup } = await popupFor('/private/secret.html');
  await popup.getByRole('tab', { name: 'robots.txt' }).click();
  await expect(popup.getByRole('region', { name: 'robots.txt 점검' })).toBeVisible();
  await expect(popup.getByTestId('robots-policy')).toContainText('파일의 규칙이 적용됩니다');
  await expect(popup.getByRole('button', { name: 'robots.txt 다시 가져오기' })).toBeVisible();
  await expect(popup.locator('.test-answer').first()).toHaveText('차단');
  await popup.getByRole('tab', { name: '크롤링' }).click();
  await expect(popup.getByRole('button', { name: '이 페이지부터 크롤링' })).toBeVisible();
  await expect(popup.getByText('최대 페이지 수')).toBeVisible();
});

test('the report page speaks Korean: header, sections, tables and reasons', async () => {
  // A crawl of the demo site by the command line, stored as the extension stores its own.
  const demo = await startSiteServer(path.resolve('demo/site'));
  try {
    const state = path.join(profile, 'crawl-state.sqlite');
    await runCli(['crawl', `${demo.origin}/`, '--delay-ms', '0', '--resume', state]);
    // Stored the way an earlier extension kept a crawl: one storage.local item (still read).
    const checkpoint = (await readStateFile(state)) as object | null;
    expect(checkpoint).not.toBeNull();
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/report.html`);
    await page.evaluate(([key, value]) => chrome.storage.local.set({ [key]: value }), [
      `crawl.checkpoint.${demo.origin}`,
      checkpoint,
    ] as const);
    await page.goto(
      `chrome-extension://${extensionId}/report.html?origin=${encodeURIComponent(demo.origin)}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${demo.origin} 크롤링 결과`);
    await expect(page.getByTestId('crawl-state')).toHaveText('완료');
    await expect(page.getByRole('tab', { name: '끊어진 링크(4)' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /끊어진 URL/ })).toBeVisible();
    await expect(page.getByTestId('broken-table')).toContainText('HTTP 404: 클라이언트 오류');
    await expect(page.getByPlaceholder('끊어진 링크 검색')).toBeVisible();
    await expect(page.getByTestId('broken-count')).toHaveText('끊어진 링크 4개');
    expect(await page.title()).toBe(`RobotLens 크롤링 보고서 — ${new URL(demo.origin).host}`);
    const text = await page.locator('main').innerText();
    for (const english of ['Broken links', 'Pages crawled', 'Found on', 'client error'])
      expect(text).not.toContain(english);
  } finally {
    await demo.close();
  }
});

test('the Options page speaks Korean: form, status, field errors and import problems', async () => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RobotLens 설정');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ko/);
  expect(await page.title()).toBe('RobotLens 설정');
  await expect(page.getByRole('group', { name: '차단 목록' })).toBeVisible();
  const maxPages = page.getByLabel('최대 페이지 수', { exact: true });
  await expect(maxPages).toHaveAccessibleDescription(/ 1~100,000\.$/);

  await maxPages.fill('0');
  await page.getByLabel('연락처 주소(From)', { exact: true }).fill('webmaster');
  await page.getByLabel('가져오지 않을 URL(한 줄에 패턴 하나)').fill('admin');
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByTestId('options-alert')).toHaveText(
    '저장하지 않았습니다. 설정 3개를 고쳐야 합니다(아래에 표시).',
  );
  await expect(maxPages).toHaveAccessibleDescription(/^1부터 100,000까지의 정수를 입력하세요\./);
  await expect(page.locator('#opt-blockList-error')).toHaveText(/^1번째 줄\(admin\): 패턴은 \//);

  await page.getByLabel('파일에서 설정 가져오기').setInputFiles({
    name: 'wrong.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ crawl: { obeyRobots: 'no' }, colour: 'red' })),
  });
  const problems = page.locator('#opt-import-problems');
  await expect(problems).toContainText(
    'wrong.json 파일에서 아무것도 가져오지 않았습니다. 파일에서 고칠 문제가 2개 있습니다.',
  );
  await expect(problems.getByRole('listitem')).toHaveText([
    'colour: RobotLens 설정 항목이 아닙니다.',
    'crawl.obeyRobots: true 또는 false여야 합니다. (받은 값: "no")',
  ]);
  const text = await page.locator('main').innerText();
  for (const english of ['Settings', 'Save', 'Block list', 'Must be', 'Nothing was imported'])
    expect(text).not.toContain(english);

  await page.goto(`chrome-extension://${extensionId}/popup.html?tabId=999999`);
  await expect(page.getByRole('button', { name: '설정', exact: true })).toHaveAttribute(
    'title',
    '기본 로봇, 크롤링 한도, From 주소, 차단 목록',
  );
});
