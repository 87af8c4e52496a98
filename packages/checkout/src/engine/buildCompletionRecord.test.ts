import { addMonthsUtc } from './buildCompletionRecord.js';

describe('addMonthsUtc', () => {
  it.each([
    ['2031-01-15T08:00:00.000Z', 1, '2031-02-15T08:00:00.000Z'],
    ['2031-01-31T12:00:00.000Z', 1, '2031-02-28T12:00:00.000Z'],
    ['2032-01-31T12:00:00.000Z', 1, '2032-02-29T12:00:00.000Z'],
    ['2031-12-31T23:30:00.000Z', 1, '2032-01-31T23:30:00.000Z'],
    ['2032-02-29T00:00:00.000Z', 12, '2033-02-28T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonthsUtc(new Date(from), months).toISOString()).toBe(expected);
  });
});
