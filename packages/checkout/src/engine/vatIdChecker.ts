/**
 * An online check of a VAT ID, such as the EU's VIES service. `unavailable` when it cannot
 * say (the member state's register is down, the service is busy, no answer in time): the
 * checkout then goes on and records the ID as unverified.
 */
export interface VatIdChecker {
  /**
   * @param countryCode The VAT prefix (ISO 3166 but `EL` for Greece).
   * @param number The number after the prefix ("40303265045").
   * @param signal Aborted when the engine stops waiting (`vatIdCheckTimeoutMs`).
   */
  check(
    countryCode: string,
    number: string,
    signal?: AbortSignal,
  ): Promise<'valid' | 'invalid' | 'unavailable'>;
}

/** The VIES REST API's address for one check (POST, JSON). */
export const VIES_CHECK_URL =
  'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

/** The parts of VIES's answer the checker reads (check-vat-number, REST). */
interface ViesAnswer {
  valid?: unknown;
  /** `VALID`, `INVALID`, or an error such as `MS_UNAVAILABLE`, `MS_MAX_CONCURRENT_REQ`. */
  userError?: unknown;
  /** Set with `errorWrappers` when VIES refused the request (`SERVICE_UNAVAILABLE`…). */
  actionSucceed?: unknown;
}

/**
 * A {@link VatIdChecker} asking the EU's VIES REST API
 * (`POST …/vies/rest-api/check-vat-number` with `{ countryCode, vatNumber }`). Only a clear
 * `valid: true` or `valid: false` counts; an error answer, a non-2xx status, a network
 * failure or the abort is `unavailable`.
 */
export function createViesVatIdChecker(options: { url?: string } = {}): VatIdChecker {
  const url = options.url ?? VIES_CHECK_URL;
  return {
    async check(countryCode, number, signal) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber: number }),
          signal: signal ?? null,
        });
        if (!response.ok) return 'unavailable';
        const answer = (await response.json()) as ViesAnswer;
        if (answer.actionSucceed === false) return 'unavailable';
        if (
          typeof answer.userError === 'string' &&
          !['VALID', 'INVALID'].includes(answer.userError)
        ) {
          return 'unavailable';
        }
        if (answer.valid === true) return 'valid';
        if (answer.valid === false) return 'invalid';
        return 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}

/**
 * Asks a checker with a time limit: an answer later than `timeoutMs` (or a checker that
 * throws) is `unavailable`, and the request is aborted.
 */
export async function checkVatIdOnline(
  checker: VatIdChecker,
  countryCode: string,
  number: string,
  timeoutMs: number,
): Promise<'valid' | 'invalid' | 'unavailable'> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('unavailable');
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      checker.check(countryCode, number, controller.signal).catch(() => 'unavailable' as const),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
