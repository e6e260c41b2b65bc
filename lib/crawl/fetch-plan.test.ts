import { describe, expect, it } from 'vitest';
import { chooseMethod, shouldRetryWithGet } from './fetch-plan.ts';

describe('chooseMethod', () => {
  it.each([
    [{ url: 'https://e.com/', internal: true }, 'GET'],
    [{ url: 'https://e.com/about.html', internal: true, element: 'a' }, 'GET'],
    [{ url: 'https://e.com/docs/manual.pdf', internal: true, element: 'a' }, 'HEAD'],
    [{ url: 'https://e.com/img/logo.PNG', internal: true }, 'HEAD'],
    [{ url: 'https://e.com/app', internal: true, element: 'script' }, 'HEAD'],
    [{ url: 'https://e.com/photo', internal: true, element: 'img' }, 'HEAD'],
    [{ url: 'https://e.com/style', internal: true, element: 'link', rel: ['stylesheet'] }, 'GET'], // read for its url() links,
    [{ url: 'https://e.com/ko/', internal: true, element: 'link', rel: ['alternate'] }, 'GET'],
    [{ url: 'https://e.com/frame.html', internal: true, element: 'iframe' }, 'GET'],
    [{ url: 'https://other.example/', internal: false, element: 'a' }, 'HEAD'],
  ] as const)('%j → %s', (input, method) => {
    expect(chooseMethod(input)).toBe(method);
  });
});

describe('shouldRetryWithGet', () => {
  it.each([
    [200, false],
    [301, false],
    [404, true],
    [405, true],
    [501, true],
    [null, true],
  ] as const)('%s → %s', (status, retry) => {
    expect(shouldRetryWithGet(status)).toBe(retry);
  });
});
