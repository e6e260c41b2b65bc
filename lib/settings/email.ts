/**
 * The `From` contact address (RFC 9110 §10.1.2: a mailbox for the human
 * responsible for the robot). It goes into a request header, so it must be
 * plain ASCII with nothing a header could be split on; beyond that the
 * check is the practical one mail forms use, not all of RFC 5322 (quoted
 * local parts and address literals are refused: no webmaster needs them).
 */
import { phrase, type Phrase } from '../i18n/phrase.ts';
import { hasControlCharacter } from './field-rules.ts';

const MAX_ADDRESS_CHARS = 254;
const MAX_LOCAL_CHARS = 64;
const MAX_LABEL_CHARS = 63;
/** RFC 5322 `atext`: the characters of an unquoted local part, besides dots. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Null when `address` is a usable contact address, else what is wrong. */
export function emailProblem(address: string): Phrase | null {
  if (hasControlCharacter(address)) return phrase('options_error_email_control');
  if (/[^\u0020-\u007e]/.test(address)) return phrase('options_error_email_ascii');
  if (/\s/.test(address)) return phrase('options_error_email_space');
  if (address.length > MAX_ADDRESS_CHARS)
    return phrase('options_error_email_long', { max: MAX_ADDRESS_CHARS });
  const at = address.lastIndexOf('@');
  if (at < 0) return phrase('options_error_email_at');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local === '') return phrase('options_error_email_local_empty');
  if (local.length > MAX_LOCAL_CHARS)
    return phrase('options_error_email_local_long', { max: MAX_LOCAL_CHARS });
  if (!LOCAL_PART.test(local)) return phrase('options_error_email_local_chars');
  return domainProblem(domain);
}

function domainProblem(domain: string): Phrase | null {
  if (domain === '') return phrase('options_error_email_domain_empty');
  const labels = domain.split('.');
  if (labels.length < 2) return phrase('options_error_email_domain_dot', { domain });
  for (const label of labels) {
    if (label.length > MAX_LABEL_CHARS || !DOMAIN_LABEL.test(label))
      return phrase('options_error_email_domain_host', { domain });
  }
  if (/^\d+$/.test(labels[labels.length - 1]!))
    return phrase('options_error_email_domain_number', { domain });
  return null;
}
