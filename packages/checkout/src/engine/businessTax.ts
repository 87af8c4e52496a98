import type { FieldError } from '../messages/fieldError.js';
import { reverseChargeApplies } from '../pricing/euVat.js';
import type { ReverseCharge } from '../pricing/quote.js';
import type { BusinessBuyer } from '../store/types.js';
import type { CheckoutSubmission } from '../validation/checkoutForm.js';
import { checkVatId } from '../validation/vatId.js';
import type { EngineContext } from './engineContext.js';
import { checkVatIdOnline } from './vatIdChecker.js';

/** What a submission's business details decide: the reverse charge and what to store. */
export type BusinessTax =
  | { reverseCharge: ReverseCharge | null; business: BusinessBuyer | null }
  | { fieldErrors: { vatId: FieldError } };

/**
 * Checks a business buyer's VAT ID and decides the EU reverse charge. Offline first
 * (format and check digits): a bad ID is a field message. When the sale would be reverse
 * charged and the engine has an online checker (VIES), it asks it within
 * `vatIdCheckTimeoutMs`: `invalid` is a field message, `valid` marks the ID verified, and no
 * answer lets the checkout go on with the ID recorded as unverified.
 */
export async function resolveBusinessTax(
  ctx: Pick<
    EngineContext,
    'merchantCountry' | 'merchantVatId' | 'vatIdChecker' | 'vatIdCheckTimeoutMs'
  >,
  submission: Pick<CheckoutSubmission, 'business' | 'country'>,
): Promise<BusinessTax> {
  const { business, country } = submission;
  if (!business) return { reverseCharge: null, business: null };
  const stored = (vatId: string | null, vatIdStatus: BusinessBuyer['vatIdStatus']) => ({
    company: business.company,
    vatId,
    vatIdStatus,
    street: business.street,
    postalCode: business.postalCode,
    city: business.city,
  });
  if (business.vatId === '') return { reverseCharge: null, business: stored(null, null) };
  const checked = checkVatId(country, business.vatId);
  if (!checked) return { fieldErrors: { vatId: { message: 'errorVatIdInvalid' } } };
  const applies =
    ctx.merchantVatId !== null &&
    reverseChargeApplies({
      merchantCountry: ctx.merchantCountry,
      buyerCountry: country,
      buyerVatId: checked.vatId,
    });
  // Only a reverse charge depends on the register's answer: other sales skip the wait.
  let status: 'valid' | 'invalid' | 'unavailable' = 'unavailable';
  if (applies && ctx.vatIdChecker) {
    status = await checkVatIdOnline(
      ctx.vatIdChecker,
      checked.prefix,
      checked.number,
      ctx.vatIdCheckTimeoutMs,
    );
    if (status === 'invalid') return { fieldErrors: { vatId: { message: 'errorVatIdRejected' } } };
  }
  return {
    reverseCharge:
      applies && ctx.merchantVatId
        ? { buyerVatId: checked.vatId, merchantVatId: ctx.merchantVatId }
        : null,
    business: stored(checked.vatId, status === 'valid' ? 'verified' : 'unverified'),
  };
}
