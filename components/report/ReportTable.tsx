/** One of a section's tables: its spec built from the report (memoized), shown as a DataTable. */
import { useMemo } from 'preact/hooks';
import type { CrawlReport } from '../../lib/crawl/report.ts';
import type { Translator } from '../../lib/i18n/translator.ts';
import { useI18n } from '../i18n.tsx';
import { DataTable } from './table/DataTable.tsx';
import type { TableSpec } from './table/table-model.ts';

/** A table spec as a pure function of the report and the reader's language. */
export type SpecBuilder<R> = (report: CrawlReport, i18n: Translator) => TableSpec<R>;

export function ReportTable<R>({ report, build }: { report: CrawlReport; build: SpecBuilder<R> }) {
  const i18n = useI18n();
  const spec = useMemo(() => build(report, i18n), [build, report, i18n]);
  return <DataTable spec={spec} />;
}
