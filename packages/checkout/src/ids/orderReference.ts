import { randomInt } from 'node:crypto';

/** Letters and digits nobody misreads: no 0/O, 1/I/L, and no U (avoids accidental words). */
export const ORDER_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Shape of an order reference: `PK-` and two groups of four. */
export const ORDER_REFERENCE_PATTERN =
  /^PK-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}$/;

/**
 * Creates an order reference a visitor can read out on the phone, like `PK-7KQ3-MX9D`.
 * 30^8 ≈ 6.6·10^11 values; the store's unique constraint catches the unlikely repeat.
 */
export function createOrderReference(): string {
  const group = () =>
    Array.from({ length: 4 }, () =>
      ORDER_REFERENCE_ALPHABET.charAt(randomInt(ORDER_REFERENCE_ALPHABET.length)),
    ).join('');
  return `PK-${group()}-${group()}`;
}
