/**
 * The built extension (.output/chrome-mv3) asks for nothing the README does
 * not justify — every permission, host pattern and content-script match has
 * its row in the README's "Permissions" table — and runs no code it did not
 * ship: MV3's default CSP, no eval, no remote scripts, nothing exposed to
 * pages, and every URL written in the code is one of a short, explained list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXTENSION_DIR, test as extensionTest } from './extension.ts';

interface Manifest {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: {
    matches: string[];
    js?: string[];
    all_frames?: boolean;
    match_about_blank?: boolean;
  }[];
  background?: { service_worker?: string };
  [key: string]: unknown;
}

const manifest = JSON.parse(
  readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'),
) as Manifest;

/** Every file of the build, relative path → text. */
function builtFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(EXTENSION_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|mjs|html|css|json)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(EXTENSION_DIR, full), readFileSync(full, 'utf8'));
  }
  return files;
}

function justifiedInReadme(): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('### Permissions');
  const end = readme.indexOf('\n#', start + 1);
  return readme.slice(start, end);
}

/** Site access the extension may ask for: http(s) pages, never files, never `<all_urls>`. */
const WEB_PATTERNS = ['http://*/*', 'https://*/*'];

test('every permission and host pattern is justified in the README', () => {
  const section = justifiedInReadme();
  const asked = [
    ...(manifest.permissions ?? []),
    ...(manifest.optional_permissions ?? []),
    ...(manifest.host_permissions ?? []),
    ...(manifest.optional_host_permissions ?? []),
    ...(manifest.content_scripts ?? []).flatMap((script) => script.matches),
  ];
  expect(asked.length).toBeGreaterThan(0);
  for (const item of asked) expect(section, `README must justify ${item}`).toContain(`\`${item}\``);
});

test('host patterns: nothing granted at install, only http(s) sites ever asked for', () => {
  // Site access is asked for when needed (optional); none is granted at install.
  expect(manifest.host_permissions ?? []).toEqual([]);
  // A content script declared for sites would be access to them from install: the page
  // reader is injected on a click (activeTab) or registered when the user opts in.
  expect(manifest.content_scripts ?? []).toEqual([]);
  expect(manifest.optional_permissions ?? []).toEqual([]);
  for (const pattern of manifest.optional_host_permissions ?? [])
    expect(WEB_PATTERNS, `optional host pattern ${pattern}`).toContain(pattern);
  for (const script of manifest.content_scripts ?? []) {
    for (const pattern of script.matches)
      expect(WEB_PATTERNS, `content script match ${pattern}`).toContain(pattern);
    // The verdict is about the top document: no script in other sites' frames.
    expect(script.all_frames ?? false).toBe(false);
    expect(script.match_about_blank ?? false).toBe(false);
  }
});

test('no loosened CSP, nothing exposed to pages or other extensions', () => {
  // Absent means MV3's default, the strictest there is: script-src 'self'; object-src 'self'.
  expect(manifest.content_security_policy).toBeUndefined();
  // Sandboxed pages may eval; none is shipped.
  expect(manifest.sandbox).toBeUndefined();
  // No page and no other extension can message RobotLens or load its files.
  expect(manifest.externally_connectable).toBeUndefined();
  expect(manifest.web_accessible_resources ?? []).toEqual([]);
  // Everything that runs is a file of the build.
  const scripts = [
    manifest.background?.service_worker,
    ...(manifest.content_scripts ?? []).flatMap((script) => script.js ?? []),
  ];
  const files = builtFiles();
  for (const script of scripts) expect(files.has(script!), `${script} is in the build`).toBe(true);
});

/** Code that runs strings, or loads code from elsewhere. */
const FORBIDDEN_CODE: [string, RegExp][] = [
  // A method named eval (`x.eval(a)`, `eval(a,b){…}` in a class) is not the global one.
  ['eval(', /(?<![\w$.])eval\s*\((?![^()]*\)\s*\{)/],
  ['new Function(', /\bnew\s+Function\s*\(/],
  ['Function("…")', /(?<![\w$.])Function\s*\(\s*['"`]/],
  ['setTimeout/setInterval with a string', /\bset(?:Timeout|Interval)\s*\(\s*['"`]/],
  ['importScripts(', /\bimportScripts\s*\(/],
  ['import() of a URL', /\bimport\s*\(\s*['"`](?:https?:)?\/\//],
  ['a remote <script src>', /<script[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\//i],
  ['a remote stylesheet', /(?:@import\s+(?:url\()?|<link[^>]*\bhref\s*=\s*)["']?(?:https?:)?\/\//i],
];

test('the built code evaluates no strings and loads no remote code', () => {
  const files = builtFiles();
  expect([...files.keys()].filter((name) => name.endsWith('.js')).length).toBeGreaterThan(2);
  for (const [name, text] of files) {
    for (const [what, pattern] of FORBIDDEN_CODE)
      expect(pattern.test(text), `${name} must not contain ${what}`).toBe(false);
    if (name.endsWith('.html')) {
      // Only external module scripts of the build: no inline <script> (the CSP would refuse it anyway).
      const scripts = text.match(/<script\b[^>]*>/gi) ?? [];
      for (const tag of scripts) expect(tag, `${name}: ${tag}`).toMatch(/\bsrc="\/[\w./-]+\.js"/);
    }
  }
});

/**
 * Every http(s) URL written anywhere in the build, and why it is there. None
 * is ever requested: RobotLens talks only to the sites the user checks.
 */
const KNOWN_URLS: Record<string, string> = {
  'http://': 'a bare scheme: string prefix checks in the URL code, and the block-list help',
  'https://': 'a bare scheme: string prefix checks in the URL code, and the block-list help',
  'http://*': 'match pattern of http sites (permissions, webRequest filter)',
  'https://*': 'match pattern of https sites',
  'http://www.w3.org': 'SVG/MathML/XHTML namespace names in Preact; names, not requests',
  'http://robots-relative.samclarke.com':
    'robots-parser resolves relative paths against this placeholder base; never requested',
  'https://github.com': 'the project URL inside the User-Agent string',
  'https://example.com': 'an example in help text',
  'https://host': 'a placeholder in the block-list help (https://host/…); never requested',
  'https://wxt.dev':
    "a link to WXT's testing guide in its storage module's error text; never requested",
};

test('every URL in the built code is a known, explained one', () => {
  const seen = new Set<string>();
  for (const [name, text] of builtFiles()) {
    for (const [url] of text.matchAll(/https?:\/\/[\w.*:%[\]@-]*/g)) {
      // A host is ASCII here (help text runs on in Korean: https://를); a trailing dot ends the sentence.
      const origin = url.replace(/\.$/, '');
      seen.add(origin);
      expect(KNOWN_URLS, `${name} names ${origin}: explain it here or remove it`).toHaveProperty([
        origin,
      ]);
    }
  }
  expect(seen.size).toBeGreaterThan(0);
});

/** The Permissions table's rows: first cell (the permission) → the "browser's warning" cell. */
function warningColumn(): Map<string, string> {
  const rows = justifiedInReadme()
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| -/.test(line))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim()));
  const [header, ...body] = rows;
  const column = header!.indexOf("the browser's warning");
  expect(column, 'the table has a "the browser\'s warning" column').toBeGreaterThan(0);
  return new Map(body.map((cells) => [cells[0]!, cells[column]!]));
}

/** The warnings a cell quotes (“…”); "none" quotes none. */
const quoted = (cell: string) => [...cell.matchAll(/“([^”]+)”/g)].map((match) => match[1]!);

extensionTest(
  "the browser's own permission warnings are exactly the README's",
  async ({ openExtensionPage }) => {
    const page = await openExtensionPage('options.html');
    // chrome.management's warning function needs no `management` permission (Chrome's docs
    // say so, and the shipped build, which has none, answers here).
    const warningsOf = (tested: Manifest) =>
      page.evaluate(
        (json) =>
          (
            chrome.management as unknown as {
              getPermissionWarningsByManifest(manifest: string): Promise<string[]>;
            }
          ).getPermissionWarningsByManifest(json),
        JSON.stringify(tested),
      );
    const cells = warningColumn();
    const installRows = [...cells].filter(([name]) => !name.startsWith('optional'));
    const optionalRows = [...cells].filter(([name]) => name.startsWith('optional'));
    expect(installRows.length).toBeGreaterThan(4);
    expect(optionalRows.length).toBe(1);
    // At install: what the browser would show on installing the shipped build.
    expect(await warningsOf(manifest)).toEqual(installRows.flatMap(([, cell]) => quoted(cell)));
    // Once the optional access is granted (every site, as for "Check each page as I browse").
    const granted = { ...manifest, host_permissions: manifest.optional_host_permissions };
    // Then the install warnings stay and the site access one comes with them (in Chromium's order).
    const withAccess = [
      ...installRows.flatMap(([, cell]) => quoted(cell)),
      ...quoted(optionalRows[0]![1]),
    ];
    expect((await warningsOf(granted)).sort()).toEqual(withAccess.sort());
  },
);
