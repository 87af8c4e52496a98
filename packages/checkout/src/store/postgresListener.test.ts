// The listening connection of the Postgres client: notifications arrive, and a connection
// the server drops is made again and reported, so the engine looks for what it missed.
import pg from 'pg';
import { listenOnPostgres } from './postgresListener.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('LISTEN on PostgreSQL', () => {
  it('hears notifications, and after the server drops it, listens again and says so', async () => {
    const heard: string[] = [];
    let reconnects = 0;
    const stop = await listenOnPostgres(
      { Client: pg.Client, connectionString: url ?? '', connectTimeoutMs: 3_000 },
      'plankit_listener_test',
      (payload) => heard.push(payload),
      () => {
        reconnects += 1;
      },
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query("SELECT pg_notify('plankit_listener_test', 'one')");
      await vi.waitFor(() => expect(heard).toEqual(['one']));
      // The server ends the listening session, as a restart or a failover would.
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query = 'LISTEN plankit_listener_test'`);
      await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 10_000 });
      await admin.query("SELECT pg_notify('plankit_listener_test', 'two')");
      await vi.waitFor(() => expect(heard).toEqual(['one', 'two']));
    } finally {
      await admin.end();
      await stop();
    }
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(
      listenOnPostgres(
        { Client: pg.Client, connectionString: url ?? '', connectTimeoutMs: 3_000 },
        'x; DROP TABLE y',
        () => {},
        () => {},
      ),
    ).rejects.toThrow('Not a channel name');
  });
});
