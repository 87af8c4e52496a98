// Two requests retry one declined checkout at the same moment on PostgreSQL (issue 24.3: a
// double submit through PgBouncer answered "This checkout has expired"). The one whose
// statement read the session before the other's update went through must see the attempt
// held, never the declined state that update replaced ('unavailable', which the engine
// answers as expired). The race is made deterministic by holding the row lock.
import pg from 'pg';
import { makeStartAttempt } from '../../testing/storeFixtures.js';
import { createPostgresClient } from '../postgresClient.js';
import type { SqlClient } from '../types.js';
import { createSqlStore } from './createSqlStore.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_DATABASE_URL)('two retries of a declined checkout on PostgreSQL', () => {
  let client: SqlClient;
  let locker: pg.Client;
  const schema = `plankit_race_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  beforeAll(async () => {
    client = await createPostgresClient({ connectionString: TEST_DATABASE_URL ?? '' });
    locker = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.close();
  });

  it('the one whose read came first sees the other attempt held', async () => {
    const store = createSqlStore(client, { schema });
    await store.migrate();
    const input = makeStartAttempt();
    const { session } = await store.startAttempt(input);
    await store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1 });

    // The other request's statement: it has the row and is about to start attempt 2.
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM "${schema}".checkout_sessions WHERE id = $1 FOR UPDATE`, [
      session.id,
    ]);
    const late = store.startAttempt(input);
    await new Promise((resolve) => setTimeout(resolve, 300)); // its read is done; it waits
    await locker.query(
      `UPDATE "${schema}".checkout_sessions SET status = 'processing', attempt = 2,
        lease_until = "${schema}".clock_now() + interval '2 minutes' WHERE id = $1`,
      [session.id],
    );
    await locker.query('COMMIT');

    const result = await late;
    expect(result.outcome).toBe('held');
    expect(result.session).toMatchObject({ status: 'processing', attempt: 2 });
  });
});
