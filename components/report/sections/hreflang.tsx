/** Hreflang: alternates without a return link, with an invalid code, or pointing to pages that should not be one. */
import { findingsSection } from '../findings.tsx';

export const section = findingsSection('hreflang', 'section_hreflang', 'about_hreflang');
