import { countryNameIn } from '../catalog/countryNames.js';
import { formatDate } from '../messages/intlFormats.js';
import { type CompiledMessages, formatMessage, resolveMessages } from '../messages/messages.js';
import type { ColorTheme } from '../theme/theme.js';
import type { ReceiptPageView } from '../views/types.js';
import { PrintButton } from './PrintButton.js';
import { ReceiptRefunds } from './ReceiptRefunds.js';
import { ReceiptTable } from './ReceiptTable.js';
import { SignedLinkNotValid } from './SignedLinkNotValid.js';

/** Props of {@link ReceiptPage}. */
export interface ReceiptPageProps {
  /** The receipt, from `engine.getReceiptView(token)`. */
  view: ReceiptPageView;
  /** Where "back to plans" leads when the link is not valid, usually `routes.home`. */
  plansHref: string;
  /** The page's messages (`messagesFor(locale)`); English by default. */
  messages?: Partial<CompiledMessages> | undefined;
  /** Locale for money and dates, e.g. `de-DE`. */
  locale?: string | undefined;
  /**
   * A color theme the host chose (`light` or `dark`); without one the checkout follows the
   * visitor's system setting. A page that sets it is themed whole (header included).
   */
  theme?: ColorTheme | undefined;
}

/**
 * A printable receipt opened by its signed link, on any device: the merchant, the buyer,
 * what was bought, amounts with tax, the card and the date. The page's print stylesheet
 * (in `styles.css`) leaves out the buttons; "Print or save as PDF" opens the print dialog.
 */
export function ReceiptPage({
  view,
  plansHref,
  messages: overrides,
  locale,
  theme,
}: ReceiptPageProps) {
  const messages = resolveMessages(overrides);
  if (view.status === 'not_found') {
    return <SignedLinkNotValid plansHref={plansHref} messages={messages} />;
  }
  const { receipt, merchant, buyer } = view;
  // A reverse-charged receipt names both VAT IDs in its table (ReverseChargeLines).
  const reverseCharged = Boolean(receipt.quote.reverseCharge);
  return (
    <div className="pk-checkout pk-receipt-page" data-theme={theme}>
      <article className="pk-card pk-receipt-sheet">
        <header className="pk-receipt-header">
          <div>
            <p className="pk-receipt-label">{messages.receiptMerchant}</p>
            <address className="pk-receipt-merchant">
              <strong>{merchant.name}</strong>
              {merchant.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
              {merchant.vatId && !reverseCharged ? (
                <span>
                  {messages.merchantVatIdLabel}: {merchant.vatId}
                </span>
              ) : null}
            </address>
          </div>
          <div>
            <p className="pk-receipt-label">{messages.receiptDate}</p>
            <p className="pk-receipt-date">{formatDate(view.date, locale)}</p>
          </div>
        </header>
        <h1 className="pk-title">
          {formatMessage(messages.receiptPageTitle, { reference: receipt.reference }, locale)}
        </h1>
        <p className="pk-receipt-buyer">
          {buyer.company ? (
            <>
              <strong>{buyer.company}</strong>
              <br />
            </>
          ) : null}
          {buyer.name}
          <br />
          {buyer.email}
          <br />
          {countryNameIn(buyer.country, locale)}
          {buyer.vatId && !reverseCharged ? (
            <>
              <br />
              {messages.buyerVatIdLabel}: {buyer.vatId}
            </>
          ) : null}
        </p>
        <ReceiptTable receipt={receipt} messages={messages} locale={locale} />
        <ReceiptRefunds
          refunds={view.refunds ?? []}
          refundedInFull={view.refundedInFull ?? false}
          messages={messages}
          locale={locale}
        />
        <div className="pk-actions pk-no-print">
          <PrintButton label={messages.receiptPrint} />
          {view.invoiceUrl ? (
            <a
              className="pk-button pk-button--secondary"
              href={view.invoiceUrl}
              type="application/pdf"
              download
            >
              {messages.invoiceDownload}
            </a>
          ) : null}
          {view.manageUrl ? (
            <a className="pk-button pk-button--secondary" href={view.manageUrl}>
              {messages.receiptManage}
            </a>
          ) : null}
        </div>
      </article>
    </div>
  );
}
