import { StoreError } from '../../errors/errors.js';
import type {
  CheckoutStore,
  LinkRequestCounts,
  LinkRequestInput,
  PromoFailureCounts,
  PromoFailureInput,
  SqlClient,
} from '../types.js';
import { toDate, toNumber } from './rows.js';
import type { Tables } from './statementParts.js';

/** The store's records of the promo code guessing throttle and of link requests. */
export type ThrottleMethods = Pick<
  CheckoutStore,
  'recordPromoFailure' | 'countPromoFailures' | 'recordLinkRequest'
>;

type Time = Date | string;

/** Promo code failures: recorded and counted per client and per checkout key. */
export function throttleMethods(client: SqlClient, t: Tables): ThrottleMethods {
  /** Records (when `record`) and counts promo failures in one statement. */
  async function promoFailures(
    input: PromoFailureInput,
    record: boolean,
  ): Promise<PromoFailureCounts> {
    const { rows } = await client.query<{
      for_client: number | string;
      for_checkout: number | string;
      oldest: Time | null;
      now: Time;
    }>(
      `WITH clock AS (SELECT ${t.now} AS t),
      logged AS (
        INSERT INTO ${t.promoFailures} (client_key, checkout_key, at)
        SELECT $1, $2, clock.t FROM clock WHERE $4::boolean
        RETURNING client_key, checkout_key, at
      ),
      recent AS (
        SELECT client_key, checkout_key, at FROM ${t.promoFailures}, clock
          WHERE at >= clock.t - ($3::bigint * interval '1 millisecond')
            AND ((client_key = $1) OR (checkout_key = $2))
        UNION ALL SELECT * FROM logged
      )
      SELECT
        count(*) FILTER (WHERE client_key = $1)::int AS for_client,
        count(*) FILTER (WHERE checkout_key = $2)::int AS for_checkout,
        min(at) AS oldest, (SELECT t FROM clock) AS now
      FROM recent`,
      [input.clientKey, input.checkoutKey, input.windowMs, record],
    );
    const row = rows[0];
    if (!row) throw new StoreError(record ? 'recordPromoFailure' : 'countPromoFailures');
    return {
      forClient: toNumber(row.for_client),
      forCheckout: toNumber(row.for_checkout),
      oldest: row.oldest === null ? null : toDate(row.oldest),
      now: toDate(row.now),
    };
  }

  /** Records a link request and counts the recent ones of its client and email. */
  async function recordLinkRequest(input: LinkRequestInput): Promise<LinkRequestCounts> {
    const { rows } = await client.query<{
      for_client: number | string;
      for_email: number | string;
      oldest: Time | null;
      now: Time;
    }>(
      `WITH clock AS (SELECT ${t.now} AS t),
      logged AS (
        INSERT INTO ${t.linkRequests} (client_key, email_key, at)
        SELECT $1, $2, clock.t FROM clock
        RETURNING client_key, email_key, at
      ),
      recent AS (
        SELECT client_key, email_key, at FROM ${t.linkRequests}, clock
          WHERE at >= clock.t - ($3::bigint * interval '1 millisecond')
            AND ((client_key = $1) OR (email_key = $2))
        UNION ALL SELECT * FROM logged
      )
      SELECT
        count(*) FILTER (WHERE client_key = $1)::int AS for_client,
        count(*) FILTER (WHERE email_key = $2)::int AS for_email,
        min(at) AS oldest, (SELECT t FROM clock) AS now
      FROM recent`,
      [input.clientKey, input.emailKey, input.windowMs],
    );
    const row = rows[0];
    if (!row) throw new StoreError('recordLinkRequest');
    return {
      forClient: toNumber(row.for_client),
      forEmail: toNumber(row.for_email),
      oldest: row.oldest === null ? null : toDate(row.oldest),
      now: toDate(row.now),
    };
  }

  return {
    recordPromoFailure: (input) => promoFailures(input, true),
    countPromoFailures: (input) => promoFailures(input, false),
    recordLinkRequest,
  };
}
