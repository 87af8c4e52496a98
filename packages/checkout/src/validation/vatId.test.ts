import { describe, expect, it } from 'vitest';
import { reverseChargeApplies } from '../pricing/euVat.js';
import { checkVatId } from './vatId.js';

describe('VAT IDs checked offline (format and check digits)', () => {
  it('accepts a French VAT ID, with or without prefix and spaces', () => {
    expect(checkVatId('FR', 'FR40303265045')).toEqual({
      vatId: 'FR40303265045',
      prefix: 'FR',
      number: '40303265045',
    });
    expect(checkVatId('FR', 'fr 40 303 265 045')?.vatId).toBe('FR40303265045');
    expect(checkVatId('FR', '40303265045')?.vatId).toBe('FR40303265045');
  });

  it('refuses a French VAT ID with a wrong check digit', () => {
    expect(checkVatId('FR', 'FR41303265045')).toBeNull();
  });

  it('refuses an ID of another country than the buyer’s', () => {
    expect(checkVatId('DE', 'FR40303265045')).toBeNull();
  });

  it('knows Greece’s EL prefix', () => {
    expect(checkVatId('GR', 'EL094259216')?.number).toBe('094259216');
  });

  it('refuses empty and unknown input', () => {
    expect(checkVatId('FR', '')).toBeNull();
    expect(checkVatId('US', '123456789')).toBeNull();
  });
});

describe('when the reverse charge applies', () => {
  const sale = { merchantCountry: 'IE', buyerCountry: 'FR', buyerVatId: 'FR40303265045' };
  it('applies to a business in another member state', () => {
    expect(reverseChargeApplies(sale)).toBe(true);
  });
  it('does not apply in the merchant’s own country, outside the EU, or without an ID', () => {
    expect(reverseChargeApplies({ ...sale, buyerCountry: 'IE' })).toBe(false);
    expect(reverseChargeApplies({ ...sale, buyerCountry: 'CH' })).toBe(false);
    expect(reverseChargeApplies({ ...sale, merchantCountry: 'GB' })).toBe(false);
    expect(reverseChargeApplies({ ...sale, merchantCountry: null })).toBe(false);
    expect(reverseChargeApplies({ ...sale, buyerVatId: ' ' })).toBe(false);
  });
});
