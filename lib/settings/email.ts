/**
 * The `From` contact address (RFC 9110 §10.1.2: a mailbox for the human
 * responsible for the robot). It goes into a request header, so it must be
 * plain ASCII with nothing a header could be split on; beyond that the
 * check is the practical one mail forms use, not all of RFC 5322 (quoted
 * local parts and address literals are refused: no webmaster needs them).
 */
import { hasControlCharacter } from './field-rules.ts';

const MAX_ADDRESS_CHARS = 254;
const MAX_LOCAL_CHARS = 64;
const MAX_LABEL_CHARS = 63;
/** RFC 5322 `atext`: the characters of an unquoted local part, besides dots. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Null when `address` is a usable contact address, else what is wrong, as a sentence. */
export function emailProblem(address: string): string | null {
  if (hasControlCharacter(address))
    return 'The address contains a control character (such as a line break).';
  if (/[^\u0020-\u007e]/.test(address))
    return 'Use plain ASCII: write an international domain in its xn-- form.';
  if (/\s/.test(address)) return 'The address contains a space.';
  if (address.length > MAX_ADDRESS_CHARS)
    return `The address is longer than ${MAX_ADDRESS_CHARS} characters.`;
  const at = address.lastIndexOf('@');
  if (at < 0) return 'An email address needs an @, as in webmaster@example.com.';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local === '') return 'Put the mailbox name before the @, as in webmaster@example.com.';
  if (local.length > MAX_LOCAL_CHARS)
    return `The part before the @ is longer than ${MAX_LOCAL_CHARS} characters.`;
  if (!LOCAL_PART.test(local))
    return "The part before the @ may hold letters, digits and .!#$%&'*+/=?^_`{|}~- (no two dots in a row, none at either end).";
  return domainProblem(domain);
}

function domainProblem(domain: string): string | null {
  if (domain === '') return 'Put the domain after the @, as in webmaster@example.com.';
  const labels = domain.split('.');
  if (labels.length < 2) return `The domain "${domain}" needs a dot, as in example.com.`;
  for (const label of labels) {
    if (label.length > MAX_LABEL_CHARS || !DOMAIN_LABEL.test(label))
      return `The domain "${domain}" is not a host name: use letters, digits, hyphens and dots.`;
  }
  if (/^\d+$/.test(labels[labels.length - 1]!))
    return `The domain "${domain}" ends in a number; an address literal is not accepted.`;
  return null;
}
