import {
  createOrderReference,
  ORDER_REFERENCE_ALPHABET,
  ORDER_REFERENCE_PATTERN,
} from './orderReference.js';

describe('createOrderReference', () => {
  it('looks like PK-XXXX-XXXX in an alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) expect(createOrderReference()).toMatch(ORDER_REFERENCE_PATTERN);
    expect(ORDER_REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('does not repeat', () => {
    const references = new Set(Array.from({ length: 1000 }, createOrderReference));
    expect(references.size).toBe(1000);
  });
});
