import { describe, expect, it } from 'vitest';
import { english } from '../../components/english.ts';
import { emailProblem } from './email.ts';

describe('emailProblem', () => {
  it.each([
    'webmaster@example.com',
    'first.last+robots@mail.example.co.uk',
    "o'brien@example.ie",
    'ops@xn--bcher-kva.example',
    'a@b.io',
  ])('accepts %s', (address) => {
    expect(emailProblem(address)).toBeNull();
  });

  it.each([
    ['webmaster', /needs an @/],
    ['@example.com', /mailbox name before the @/],
    ['webmaster@', /domain after the @/],
    ['webmaster@localhost', /needs a dot/],
    ['web master@example.com', /space/],
    ['webmaster@example.com\r\nX-Evil: 1', /control character/],
    ['webmaster@exämple.com', /plain ASCII/],
    ['.dot@example.com', /no two dots/],
    ['a..b@example.com', /no two dots/],
    ['"quoted"@example.com', /may hold letters/],
    ['webmaster@-example.com', /not a host name/],
    ['webmaster@example..com', /not a host name/],
    ['webmaster@127.0.0.1', /ends in a number/],
    [`${'a'.repeat(65)}@example.com`, /longer than 64/],
    [`a@${'b'.repeat(250)}.com`, /longer than 254/],
  ])('refuses %j', (address, why) => {
    expect(english(emailProblem(address)!)).toMatch(why);
  });
});
