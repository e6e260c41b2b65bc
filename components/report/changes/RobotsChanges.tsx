/**
 * robots.txt changes, one per origin: the file's lines old against new as
 * a table (line numbers on both sides, a + or − sign with the word for it,
 * so the diff never rests on colour), then what the change does to the
 * crawled pages as sentences.
 */
import type { Translator } from '../../../lib/i18n/translator.ts';
import type { RobotsChange, RobotsLineEffect } from '../../../lib/watch/types.ts';
import { useI18n } from '../../i18n.tsx';
import { PageText } from '../../PageText.tsx';
import { UrlList, UrlText, statusText } from '../cells.tsx';
import { diffRows, diffWithContext, type DiffRow } from './changes-rows.ts';

const robotWords = (robot: string, { t }: Translator) =>
  robot === '*' ? t('robot_any_lower') : robot;

/** "Line 3 (Disallow: /archive/) now blocks 2 crawled pages for any robot (*).", and the reverse. */
export function effectSentences(effect: RobotsLineEffect, i18n: Translator): string[] {
  const { plural } = i18n;
  const robot = robotWords(effect.robot, i18n);
  const sentences: string[] = [];
  const say = (blocks: boolean, count: number) => {
    if (count === 0) return;
    if (effect.line === null) {
      sentences.push(
        plural(blocks ? 'changes_effect_file_blocks' : 'changes_effect_file_allows', count, {
          robot,
        }),
      );
      return;
    }
    const values = { robot, line: effect.line, rule: effect.text ?? '' };
    sentences.push(
      plural(blocks ? 'changes_effect_line_blocks' : 'changes_effect_line_allows', count, values),
    );
  };
  say(true, effect.nowBlocked);
  say(false, effect.nowAllowed);
  return sentences;
}

const OP_WORDS = {
  added: 'changes_added',
  removed: 'changes_removed',
  kept: 'changes_kept',
} as const;

export function RobotsChanges({ changes }: { changes: RobotsChange[] }) {
  return (
    <>
      {changes.map((change) => (
        <RobotsChangeView key={change.origin} change={change} />
      ))}
    </>
  );
}

function RobotsChangeView({ change }: { change: RobotsChange }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows = diffWithContext(diffRows(change));
  return (
    <div class="robots-change" data-origin={change.origin}>
      <h4>
        <UrlText url={change.url} />
      </h4>
      {change.statusBefore !== change.statusNow ? (
        <p>
          {t('changes_robots_status', {
            before: statusText(change.statusBefore, i18n),
            now: statusText(change.statusNow, i18n),
          })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table class="robots-diff" data-testid="robots-diff">
          <caption>{t('changes_diff_caption', { origin: change.origin })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('changes_col_old_line')}</th>
              <th scope="col">{t('changes_col_new_line')}</th>
              <th scope="col">{t('changes_col_change')}</th>
              <th scope="col">{t('changes_col_line_text')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) =>
              row === 'gap' ? (
                <tr key={index} class="diff-gap">
                  <td colSpan={4} class="muted">
                    {t('changes_diff_gap')}
                  </td>
                </tr>
              ) : (
                <DiffLine key={index} row={row} />
              ),
            )}
          </tbody>
        </table>
      ) : null}
      <RobotsEffects effects={change.effects} />
    </div>
  );
}

function DiffLine({ row }: { row: DiffRow }) {
  const { t } = useI18n();
  return (
    <tr class={`diff-${row.op}`} data-op={row.op}>
      <td class="num">{row.oldLine ?? ''}</td>
      <td class="num">{row.newLine ?? ''}</td>
      <td class="diff-sign">
        <span aria-hidden="true">{row.sign}</span>
        <span class={row.op === 'kept' ? 'muted' : 'visually-hidden'}>{t(OP_WORDS[row.op])}</span>
      </td>
      <td>
        <code class="diff-text">
          <PageText text={row.text} />
        </code>
      </td>
    </tr>
  );
}

function RobotsEffects({ effects }: { effects: RobotsLineEffect[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const shown = effects.filter((e) => e.nowBlocked + e.nowAllowed > 0);
  return (
    <>
      <p>
        <strong>{t('changes_robots_effects')}</strong>
      </p>
      {shown.length === 0 ? (
        <p class="muted">{t('changes_robots_no_effect')}</p>
      ) : (
        <ul class="robots-effects" data-testid="robots-effects">
          {shown.map((effect, index) => (
            <li key={index} class={effect.nowBlocked > 0 ? 'worse' : 'better'}>
              {effectSentences(effect, i18n).map((sentence, at) => (
                <p key={at}>
                  <PageText text={sentence} />
                </p>
              ))}
              {effect.examples.length > 0 ? (
                <div class="muted">
                  {t('changes_effect_examples')} <UrlList urls={effect.examples} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
