import { describe, expect, it } from 'vitest';
import { makeCatalog, makePromoCode } from '../test-utils/factories.js';
import { normalisePromoCode, resolvePromoCode } from './resolvePromoCode.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const catalog = makeCatalog();

describe('a visitor who leaves the promo field empty', () => {
  it.each([[''], ['   '], [null], [undefined]])('%j means no promo', (input) => {
    expect(resolvePromoCode(catalog, input, 'starter', NOW)).toEqual({ status: 'none' });
  });
});

describe('a visitor who types LAUNCH20', () => {
  it.each([['LAUNCH20'], ['launch20'], ['Launch20'], ['  launch20 '], ['\tLAUNCH20\n']])(
    'accepts %j',
    (input) => {
      const result = resolvePromoCode(catalog, input, 'starter', NOW);
      expect(result).toEqual({ status: 'valid', promo: makePromoCode() });
    },
  );

  it('gets 20% off', () => {
    const result = resolvePromoCode(catalog, 'LAUNCH20', 'team', NOW);
    expect(result.status === 'valid' && result.promo.percentOff).toBe(20);
  });
});

describe('a visitor who types a code we do not know', () => {
  it.each([['LAUNCH21'], ['LAUNCH 20'], ['<script>'], ['x'.repeat(10_000)]])(
    '%j is unknown',
    (input) => {
      expect(resolvePromoCode(catalog, input, 'starter', NOW)).toEqual({ status: 'unknown' });
    },
  );
});

describe('a visitor who types an expired code', () => {
  it('is told EXPIRED10 has expired, not that it is unknown', () => {
    expect(resolvePromoCode(catalog, 'expired10', 'starter', NOW)).toEqual({ status: 'expired' });
  });

  it('still sees a code as valid one second before it expires, expired from that moment on', () => {
    const expiring = makeCatalog({
      promoCodes: [makePromoCode({ code: 'SUMMER', expiresAt: '2025-06-15T12:00:00Z' })],
    });
    const before = new Date(NOW.getTime() - 1000);
    expect(resolvePromoCode(expiring, 'SUMMER', 'starter', before).status).toBe('valid');
    expect(resolvePromoCode(expiring, 'SUMMER', 'starter', NOW).status).toBe('expired');
  });
});

describe('a code limited to some plans', () => {
  const limited = makeCatalog({
    promoCodes: [makePromoCode({ code: 'TEAMONLY', planIds: ['team'] })],
  });

  it('applies to the team plan', () => {
    expect(resolvePromoCode(limited, 'teamonly', 'team', NOW).status).toBe('valid');
  });

  it('does not apply to the starter plan', () => {
    expect(resolvePromoCode(limited, 'TEAMONLY', 'starter', NOW)).toEqual({
      status: 'not_applicable',
    });
  });
});

describe('normalising what a visitor typed', () => {
  it('trims and upper-cases', () => {
    expect(normalisePromoCode('  launch20 ')).toBe('LAUNCH20');
    expect(normalisePromoCode(null)).toBe('');
  });
});
