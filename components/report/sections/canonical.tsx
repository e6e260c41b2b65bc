/** Canonical: canonical targets that are broken, redirect, noindex, blocked or on another host, chains, loops, duplicates without one. */
import { findingsSection } from '../findings.tsx';

export const section = findingsSection('canonical', 'section_canonical', 'about_canonical');
