import { describe, expect, it } from 'vitest';
import { hostPattern, originsToAsk } from './host-access.ts';

describe('hostPattern', () => {
  it('keeps scheme and host and drops the port, which Firefox patterns cannot carry', () => {
    expect(hostPattern('https://example.com')).toBe('https://example.com/*');
    expect(hostPattern('http://127.0.0.1:8080')).toBe('http://127.0.0.1/*');
    expect(hostPattern('http://[::1]:3000')).toBe('http://[::1]/*');
  });
});

describe('originsToAsk', () => {
  it('asks for the site alone, or every site when links to other sites are checked', () => {
    expect(originsToAsk('http://localhost:3000', false)).toEqual(['http://localhost/*']);
    expect(originsToAsk('https://example.com', true)).toEqual(['http://*/*', 'https://*/*']);
  });
});
