/**
 * The built manifest asks for nothing the README does not justify: every
 * permission, host pattern and content-script match must have its row in
 * the README's "Permissions" table. No remote code: the CSP is MV3's default.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXTENSION_DIR } from './extension.ts';

interface Manifest {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches: string[] }[];
  content_security_policy?: unknown;
  web_accessible_resources?: unknown[];
}

const manifest = JSON.parse(
  readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'),
) as Manifest;

function justifiedInReadme(): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('### Permissions');
  const end = readme.indexOf('\n#', start + 1);
  return readme.slice(start, end);
}

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

test('no remote code, no loosened CSP, nothing exposed to pages', () => {
  expect(manifest.content_security_policy).toBeUndefined();
  expect(manifest.web_accessible_resources ?? []).toEqual([]);
  expect(manifest.host_permissions ?? []).toEqual([]);
});
