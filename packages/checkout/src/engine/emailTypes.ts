// What the buyer's emails are made from and of: the shop's settings and one finished email.
// Apart from receiptEmails.ts so each kind of email (refundEmail.ts, linksEmail.ts) can use
// them without importing the module that imports it.

import type { Transporter } from 'nodemailer';
import type { Plan } from '../catalog/schema.js';
import type { CheckoutMessages, CompiledMessages } from '../messages/CheckoutMessages.js';
import type { CheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { InvoicePdf } from './invoicePdfs.js';

/** What the mailer needs to know about the shop. */
export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** The site's origin, for absolute links. */
  publicUrl: string;
  merchantName: string;
  merchantAddress: string | null;
  secret: string;
  routes: CheckoutRoutes;
  planOf(planId: string): Plan | undefined;
  /** The emails' text in a checkout's language (overrides of the English catalog). */
  messagesFor?: ((locale: string) => Partial<CheckoutMessages> | undefined) | null;
  /**
   * The invoice of an order (invoicePdfs.ts): attached to the receipt of a paid order with
   * an invoice number. A failure to draw it fails the delivery, which is tried again.
   */
  invoiceOf?: ((orderId: string) => Promise<InvoicePdf | null>) | null;
  /** A refund's credit note (invoicePdfs.ts): attached to the refund's email. */
  creditNoteOf?: ((orderId: string, refundId: string) => Promise<InvoicePdf | null>) | null;
  /** For tests: a transport of nodemailer's own instead of the SMTP URL. */
  transport?: Transporter;
}

/** One email, ready to send. */
export interface EmailContent {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** What every email of one language shares: its messages, absolute links, the merchant. */
export interface EmailParts {
  m: CompiledMessages;
  /** An absolute URL of a path of the site. */
  link: (path: string) => string;
  /** The merchant's name and address lines, for the footer. */
  merchant: string[];
  /** A plan's name in the email's language, as the catalog gives it. */
  planName: (planId: string) => string;
  options: MailerOptions;
}
