import { describe, expect, it } from 'vitest';
import { createStatementNames, isStalePlan } from './preparedStatements.js';

describe('statement names', () => {
  it('gives one text one name, another text another, and new names after renew()', () => {
    const names = createStatementNames();
    const a = names.nameOf('SELECT $1::int');
    expect(a).toMatch(/^pk0_[A-Za-z0-9_-]{27}$/);
    expect(names.nameOf('SELECT $1::int')).toBe(a);
    expect(names.nameOf('SELECT $1::text')).not.toBe(a);
    names.renew();
    expect(names.nameOf('SELECT $1::int')).toMatch(/^pk1_/);
  });

  it('stops naming past 500 texts, so statements built per call cannot grow it', () => {
    const names = createStatementNames();
    for (let i = 0; i < 500; i++) expect(names.nameOf(`SELECT ${i}, $1`)).toBeDefined();
    expect(names.nameOf('SELECT 500, $1')).toBeUndefined();
    expect(names.nameOf('SELECT 0, $1')).toBeDefined();
  });

  it('knows the server’s refusal of a stale plan and nothing else', () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), {
      code: '0A000',
    });
    expect(isStalePlan(stale)).toBe(true);
    expect(isStalePlan(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
    expect(isStalePlan(new Error('cached plan must not change result type'))).toBe(false);
    expect(isStalePlan(null)).toBe(false);
  });
});
