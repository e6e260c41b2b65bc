/** Titles & descriptions: missing, empty, shared with other pages, too long. */
import { findingsSection } from '../findings.tsx';

export const section = findingsSection('titles', 'section_titles', 'about_titles');
