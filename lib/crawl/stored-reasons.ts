/**
 * Checkpoints saved before reasons were kept as phrases only held each
 * reason twice — `reason` in English and, mostly, `reasonPhrase` beside it
 * (`errors` and `errorPhrases` for the sitemap) — and some as English alone.
 * Such a checkpoint still loads: the phrase is kept where there was one, and
 * English alone is shown as written.
 */
import { asWritten, isPhrase, type Phrase } from '../i18n/phrase.ts';
import type { ResumableCheckpoint, SitemapNote } from './crawl-book.ts';
import { isStoredPacked } from './packed-urls.ts';
import type { UrlRecord } from './types.ts';

/** A reason as a checkpoint of any version stores it. */
type StoredReason = { reason?: string | Phrase; reasonPhrase?: Phrase };

/**
 * The checkpoint with every reason a phrase, whatever version wrote it
 * (records left packed in the store were packed since reasons became phrases).
 */
export function withPhraseReasons<C extends ResumableCheckpoint>(checkpoint: C): C {
  return {
    ...checkpoint,
    records: checkpoint.records.map((item) => (isStoredPacked(item) ? item : upgradeRecord(item))),
    sitemap: checkpoint.sitemap && upgradeSitemap(checkpoint.sitemap),
  };
}

function upgradeRecord(record: UrlRecord): UrlRecord {
  const stored = record as UrlRecord & StoredReason;
  if (stored.reasonPhrase === undefined && (stored.reason === undefined || isPhrase(stored.reason)))
    return record;
  const { reasonPhrase: _, ...rest } = stored;
  const reason = phraseOf(stored);
  return reason === undefined ? rest : { ...rest, reason };
}

function upgradeSitemap(note: SitemapNote): SitemapNote {
  const stored = note as Omit<SitemapNote, 'errors'> & {
    errors: (string | Phrase)[];
    errorPhrases?: Phrase[];
    notFetched?: ({ url: string } & StoredReason)[];
  };
  const { errorPhrases, ...rest } = stored;
  return {
    ...rest,
    errors: stored.errors.map((error, index) => errorPhrases?.[index] ?? said(error)),
    ...(stored.notFetched
      ? {
          notFetched: stored.notFetched.map(({ url, ...reason }) => ({
            url,
            reason: phraseOf(reason) ?? asWritten(''),
          })),
        }
      : {}),
  };
}

function phraseOf({ reason, reasonPhrase }: StoredReason): Phrase | undefined {
  return reasonPhrase ?? (reason === undefined ? undefined : said(reason));
}

function said(text: string | Phrase): Phrase {
  return typeof text === 'string' ? asWritten(text) : text;
}
