import { describe, expect, it } from 'vitest';
import ko from '../../public/_locales/ko/messages.json' with { type: 'json' };
import { renderMessage, type Catalog } from './catalog.ts';
import { english, englishCatalog } from '../../components/english.ts';
import { counted, phrase } from './phrase.ts';
import { createTranslator } from './translator.ts';

const forCatalog = (lang: string, catalog: Catalog) =>
  createTranslator(lang, (key, substitutions) => renderMessage(catalog, key, substitutions));
const en = forCatalog('en', englishCatalog);
const korean = forCatalog('ko', ko as Catalog);

describe('renderMessage: browser.i18n.getMessage on a catalog file', () => {
  const catalog: Catalog = {
    two: {
      message: 'from $from$ to $TO$ costs $$5',
      placeholders: { from: { content: '$1' }, to: { content: '$2' } },
    },
  };

  it('fills placeholders (names case-insensitive) and turns $$ into $', () => {
    expect(renderMessage(catalog, 'two', ['a', 'b'])).toBe('from a to b costs $5');
  });

  it('leaves missing substitutions empty and knows no other keys', () => {
    expect(renderMessage(catalog, 'two', ['a'])).toBe('from a to  costs $5');
    expect(renderMessage(catalog, 'three')).toBeUndefined();
    expect(renderMessage(catalog, 'toString')).toBeUndefined();
  });

  it('does not expand a $1 that a value contains', () => {
    expect(renderMessage(catalog, 'two', ['$2', 'b'])).toBe('from $2 to b costs $5');
  });
});

describe('createTranslator', () => {
  it('passes named values in sorted order', () => {
    expect(en.t('robots_lines_range', { total: 900, first: 201, last: 400 })).toBe(
      'lines 201–400 of 900',
    );
    expect(korean.t('robots_lines_range', { total: 900, first: 201, last: 400 })).toBe(
      '900줄 중 201–400번째 줄',
    );
  });

  it('formats numbers for the language', () => {
    expect(en.t('robots_size_value', { bytes: 12345 })).toBe('12,345 bytes');
    expect(korean.t('robots_size_value', { bytes: 12345 })).toBe('12,345바이트');
    expect(forCatalog('de', englishCatalog).number(1234.5)).toBe('1.234,5');
  });

  it('chooses plural forms with the language’s rules', () => {
    expect(en.plural('robots_rules', 1)).toBe('1 rule');
    expect(en.plural('robots_rules', 2)).toBe('2 rules');
    expect(korean.plural('robots_rules', 1)).toBe('규칙 1개');
    expect(korean.plural('robots_rules', 2)).toBe('규칙 2개');
  });

  it('words nested phrases, counted phrases and lists in its own language', () => {
    const summary = phrase('summary_indexable_notes', {
      robot: phrase('robot_generic'),
      notes: counted('count_notes', 1),
    });
    expect(en.say(summary)).toBe(
      'Indexable by a generic robot (*): nothing blocks it (1 note to review).',
    );
    expect(korean.say(summary)).toBe(
      '일반 로봇(*): 색인 생성 가능. 막는 요소가 없습니다(검토할 참고 사항 1개).',
    );
    const list = phrase('explain_longest', {
      rule: 'Disallow: /a',
      line: '3',
      length: 3,
      count: 3,
      others: [
        phrase('explain_competitor', { rule: 'Allow: /', line: '1', length: 1 }),
        phrase('explain_competitor', { rule: 'Disallow: /', line: '2', length: 1 }),
      ],
    });
    expect(english(list)).toBe(
      'Disallow: /a (line 3, length 3) is the longest of 3 matching rules, longer than Allow: / (line 1, length 1); Disallow: / (line 2, length 1)',
    );
  });

  it('shows the key itself when a message is missing, never an empty string', () => {
    const none = createTranslator('en', () => '');
    expect(none.t('popup_checking')).toBe('popup_checking');
  });
});
