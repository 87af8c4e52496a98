import { describeError } from './describeError.js';

describe('describeError', () => {
  it('keeps the name and message, and the cause', () => {
    const error = new TypeError('boom', { cause: new Error('socket closed') });
    expect(describeError(error)).toBe('TypeError: boom <- caused by Error: socket closed');
  });

  it('blanks anything like a card number, with or without spaces', () => {
    expect(describeError(new Error('card 4242 4242 4242 4242 and 4000000000000002'))).toBe(
      'Error: card [redacted] and [redacted]',
    );
  });

  it('blanks the given secrets only where they stand alone', () => {
    expect(describeError(new Error('cvc 987 after 19870 ms'), ['987'])).toBe(
      'Error: cvc [redacted] after 19870 ms',
    );
  });

  it('writes control characters out, so the line can be logged and stored (no NUL in PostgreSQL)', () => {
    expect(describeError(new Error('Invalid greeting. response=d\u0000\u0000: two\nlines'))).toBe(
      'Error: Invalid greeting. response=d\\x00\\x00: two\\x0alines',
    );
  });

  it('blanks email addresses (an SMTP refusal names its recipient)', () => {
    expect(
      describeError(new Error('550 <ada.l+test@example.co.uk>: Recipient address rejected')),
    ).toBe('Error: 550 <[email]>: Recipient address rejected');
  });

  it('describes thrown non-errors', () => {
    expect(describeError('plain string')).toBe('plain string');
    expect(describeError(null)).toBe('');
  });
});
