import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionId, isSessionId } from './sessionId.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a new checkout session id', () => {
  it('is cs_ followed by 32 base64url characters', () => {
    const id = createSessionId();
    expect(id).toMatch(/^cs_[A-Za-z0-9_-]{32}$/);
    expect(isSessionId(id)).toBe(true);
  });

  it('draws 24 bytes (192 bits) from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    createSessionId();
    expect(spy).toHaveBeenCalledTimes(1);
    const array = spy.mock.calls[0]?.[0];
    expect(array).toBeInstanceOf(Uint8Array);
    expect((array as Uint8Array).length).toBe(24);
  });

  it('encodes the random bytes as base64url, every bit of them', () => {
    const bytes = Uint8Array.from({ length: 24 }, (_, i) => (i * 37 + 251) % 256);
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        (array as unknown as Uint8Array).set(bytes);
        return array;
      },
    );
    expect(createSessionId()).toBe(`cs_${Buffer.from(bytes).toString('base64url')}`);
  });

  it('uses - and _ (never + or /) for the high values', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        (array as unknown as Uint8Array).fill(0xff);
        return array;
      },
    );
    expect(createSessionId()).toBe(`cs_${'_'.repeat(32)}`);
  });

  it('is different every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createSessionId()));
    expect(ids.size).toBe(1000);
  });
});

describe('recognising a session id from a URL', () => {
  it.each([
    ['too short', `cs_${'a'.repeat(31)}`],
    ['too long', `cs_${'a'.repeat(33)}`],
    ['wrong prefix', `cx_${'a'.repeat(32)}`],
    ['no prefix', 'a'.repeat(35)],
    ['standard base64 characters', `cs_${'a'.repeat(31)}+`],
    ['a slash', `cs_${'a'.repeat(31)}/`],
    ['padding', `cs_${'a'.repeat(31)}=`],
    ['a trailing newline', `cs_${'a'.repeat(32)}\n`],
    ['path traversal', `cs_../${'a'.repeat(27)}`],
    ['markup', '<script>alert(1)</script>'],
    ['empty', ''],
  ])('rejects %s', (_, value) => {
    expect(isSessionId(value)).toBe(false);
  });

  it.each([[null], [undefined], [42], [{}], [[`cs_${'a'.repeat(32)}`]]])(
    'rejects the non-string %j',
    (value) => {
      expect(isSessionId(value)).toBe(false);
    },
  );

  it('accepts a well-formed id', () => {
    expect(isSessionId(`cs_${'aZ09_-'.repeat(5)}ab`)).toBe(true);
  });
});
