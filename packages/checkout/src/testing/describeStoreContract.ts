// The store contract: what every CheckoutStore must do, as one vitest suite any store
// implementation runs (`describeStoreContract('my store', { open })`). The built-in SQL
// store runs it on PGlite and on PostgreSQL (store/sql/createSqlStore.test.ts).

import { afterEach, beforeEach, describe, expect } from 'vitest';
import type { CheckoutSession, CheckoutStore, StartAttemptInput } from '../store/types.js';
import { describeAttempts } from './storeContractAttempts.js';
import { describeConcurrency } from './storeContractConcurrency.js';
import type {
  OpenedStore,
  StoreContractContext,
  StoreContractSubject,
} from './storeContractContext.js';

export type { OpenedStore, StoreContractSubject } from './storeContractContext.js';

import { describeEventsAndSweeps } from './storeContractEvents.js';
import { describeInvoiceNumbers } from './storeContractInvoices.js';
import { describeOutbox } from './storeContractOutbox.js';
import { describeProviderRecords } from './storeContractProvider.js';
import { describeQueries } from './storeContractQueries.js';
import { describeRefunds } from './storeContractRefunds.js';
import { describeRenewals } from './storeContractRenewals.js';
import { describeRetention } from './storeContractRetention.js';
import { describeRunningClock } from './storeContractRunningClock.js';
import { makeStartAttempt } from './storeFixtures.js';

/** Registers the store contract suite under `name`. */
export function describeStoreContract(name: string, subject: StoreContractSubject): void {
  describe(`${name}: the store contract`, () => {
    let opened: OpenedStore;
    let store: CheckoutStore;
    const START = new Date('2031-01-31T12:00:00.000Z');

    beforeEach(async () => {
      opened = await subject.open();
      store = opened.store;
      await store.clock.travel(START, { freeze: true });
    });
    afterEach(async () => {
      await opened.dispose();
    });

    const advance = (ms: number) =>
      store.clock
        .now()
        .then((now) => store.clock.travel(new Date(now.getTime() + ms), { freeze: true }));

    async function started(
      input: StartAttemptInput = makeStartAttempt(),
    ): Promise<CheckoutSession> {
      const result = await store.startAttempt(input);
      expect(result.outcome).toBe('created');
      return result.session;
    }

    const context: StoreContractContext = { START, advance, started, store: () => store };
    describeAttempts(context);
    describeEventsAndSweeps(context);
    describeProviderRecords(context);
    describeRenewals(context);
    describeRunningClock(context);
    describeOutbox(context);
    describeRetention(context);
    describeInvoiceNumbers(context, subject);
    describeRefunds(context, subject);
    describeQueries(context);
    describeConcurrency(context, subject);
  });
}
