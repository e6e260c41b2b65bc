/**
 * Other parsers' answers in words: "Google's robots.txt parser alone answers
 * allowed (no rule decides): RobotLens follows RFC 9309 here …". Kept apart
 * from other-answers.ts so that the popup shows them without bundling
 * robots-parser.
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import type { RobotsReading } from './spelling.ts';
import type { RobotsOtherAnswer } from './types.ts';

/** "it does not apply <readings>". */
export function googleBecause(readings: readonly RobotsReading[]): Phrase {
  return phrase('other_google_because', { readings: readings.map(readingPhrase) });
}

function readingPhrase(reading: RobotsReading): Phrase {
  switch (reading) {
    case 'self':
      return phrase('other_reading_self');
    case 'encode-url':
      return phrase('other_reading_encode_url');
    case 'first-500-kib':
      return phrase('other_reading_limit');
    case 'unreserved':
      return phrase('other_reading_unreserved');
    default:
      return reading satisfies never;
  }
}

/** One line for a reader: "Google's parser alone answers disallowed (line 3): …". */
export function otherAnswerPhrase(other: RobotsOtherAnswer): Phrase {
  const parser =
    other.parser === 'google'
      ? phrase('other_parser_google')
      : phrase('other_parser_robots_parser');
  const answer = other.allowed ? phrase('robots_allowed') : phrase('robots_disallowed');
  return other.line === null
    ? phrase('other_answer_no_line', { parser, answer, reason: other.reason })
    : phrase('other_answer_line', {
        parser,
        answer,
        line: String(other.line),
        reason: other.reason,
      });
}
