// Migration 10 moves each object's last event version into `event_objects`: an object with
// events from before it gets the next version after it, not 1 again.
import { makeStartAttempt } from '../../../testing/storeFixtures.js';
import { createPgliteClient } from '../../pgliteClient.js';
import { createPostgresClient } from '../../postgresClient.js';
import type { SqlClient } from '../../types.js';
import { createSqlStore } from '../createSqlStore.js';
import { applyMigrations, migrations } from '../migrations.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

const variants = [
  { name: 'PGlite', available: true, connect: () => createPgliteClient() },
  {
    name: 'Postgres',
    available: Boolean(TEST_DATABASE_URL),
    connect: () => createPostgresClient({ connectionString: TEST_DATABASE_URL ?? '' }),
  },
];

describe.each(variants.filter((v) => v.available))('migration 10 on $name', ({ connect }) => {
  let client: SqlClient;
  const schema = `plankit_m010_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.close();
  });

  it("carries each object's last event version over to event_objects", async () => {
    await applyMigrations(
      client,
      schema,
      migrations.filter((m) => m.version <= 9),
    );
    const store = createSqlStore(client, { schema });
    const input = makeStartAttempt();
    const decline = { code: 'card_declined', message: 'Declined' };
    const { session } = await store.startAttempt(input);
    await store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 1, failure: decline });

    await store.migrate();
    expect((await store.startAttempt(input)).outcome).toBe('retried');
    await store.applyEvent({ sessionId: session.id, event: 'fail', attempt: 2, failure: decline });
    const events = await store.listEvents();
    expect(events.map((event) => [event.type, event.data.version])).toEqual([
      ['payment.failed', 1],
      ['payment.failed', 2],
    ]);
  });
});
