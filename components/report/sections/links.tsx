/** Internal links: links to redirects, rel=nofollow internal links, pages reached only through noindex pages. */
import { findingsSection } from '../findings.tsx';

export const section = findingsSection('links', 'section_links', 'about_links');
