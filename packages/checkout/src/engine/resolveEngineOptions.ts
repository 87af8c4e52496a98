import { ConfigurationError } from '../errors/errors.js';
import { checkVatId } from '../validation/vatId.js';
import { DEV_SECRET } from './clientKeys.js';
import type { CheckoutEngineOptions, ResolvedEngineOptions } from './options.js';
import { optionsSchema } from './optionsSchema.js';

/**
 * Checks the engine's options and fills in the defaults.
 * @throws ConfigurationError naming every problem (`throttle.windowMs: …`).
 */
export function resolveEngineOptions(options: CheckoutEngineOptions): ResolvedEngineOptions {
  // `secret: ''` or undefined from an unset environment variable means "not set".
  const input =
    typeof options === 'object' && options !== null && options.secret === ''
      ? { ...options, secret: undefined }
      : options;
  const result = optionsSchema.strict().safeParse(input);
  if (!result.success) {
    throw new ConfigurationError(
      'createCheckoutEngine',
      result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message:
          issue.code === 'unrecognized_keys'
            ? `unknown option(s) ${issue.keys.join(', ')}`
            : issue.message,
      })),
    );
  }
  const {
    secret,
    webhook,
    email,
    publicUrl,
    merchantAddress,
    merchantCountry,
    merchantVatId,
    vatIdChecker,
    messagesFor,
    ...rest
  } = result.data;
  // A reverse-charged invoice must name the merchant's VAT ID: one that fails its own
  // country's check digits would print a wrong invoice on every business sale.
  const merchantVat =
    merchantCountry && merchantVatId ? checkVatId(merchantCountry, merchantVatId) : null;
  if (merchantVatId && !merchantVat) {
    throw new ConfigurationError('createCheckoutEngine', [
      {
        path: 'merchantVatId',
        message: merchantCountry
          ? `is not a valid VAT ID of ${merchantCountry}`
          : 'needs `merchantCountry`',
      },
    ]);
  }
  if (email && !publicUrl) {
    throw new ConfigurationError('createCheckoutEngine', [
      { path: 'publicUrl', message: 'is needed with `email`: the emails link to the receipt' },
    ]);
  }
  return {
    ...rest,
    webhook: webhook ?? null,
    email: email ?? null,
    publicUrl: publicUrl ?? null,
    merchantAddress: merchantAddress ?? null,
    merchantCountry: merchantCountry ?? null,
    merchantVatId: merchantVat?.vatId ?? null,
    vatIdChecker: vatIdChecker ?? null,
    messagesFor: messagesFor ?? null,
    secret: secret ?? DEV_SECRET,
    secretIsDefault: secret === undefined,
  };
}
