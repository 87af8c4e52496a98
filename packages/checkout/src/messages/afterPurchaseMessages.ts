import type { CheckoutMessages } from './CheckoutMessages.js';

/** The keys of what the buyer sees after the purchase: emails, the receipt page, the manage page. */
export type AfterPurchaseMessageKey =
  | 'emailReceiptSubject'
  | 'emailReceiptHeading'
  | 'emailReceiptLead'
  | 'emailRenewalSubject'
  | 'emailRenewalLead'
  | 'emailPastDueSubject'
  | 'emailPastDueHeading'
  | 'emailPastDueLead'
  | 'emailCanceledSubject'
  | 'emailCanceledHeading'
  | 'emailCanceledLead'
  | 'emailViewReceipt'
  | 'emailManageSubscription'
  | 'emailDate'
  | 'emailSubtotal'
  | 'emailDiscount'
  | 'emailTax'
  | 'emailTotal'
  | 'emailFooter'
  | 'receiptPageTitle'
  | 'receiptPrint'
  | 'receiptMerchant'
  | 'receiptDate'
  | 'receiptTaxId'
  | 'receiptManage'
  | 'manageTitle'
  | 'manageStatus'
  | 'manageStatusTrialing'
  | 'manageStatusActive'
  | 'manageStatusPastDue'
  | 'manageStatusCanceled'
  | 'manageNextCharge'
  | 'manageNextChargeValue'
  | 'manageEndsOn'
  | 'manageCancel'
  | 'manageCancelConfirmTitle'
  | 'manageCancelConfirmLead'
  | 'manageCancelConfirm'
  | 'manageKeep'
  | 'manageResume'
  | 'manageCanceledNotice'
  | 'manageConfirmPaymentNotice'
  | 'manageRetryPaymentNotice'
  | 'managePayNow'
  | 'manageResumedNotice'
  | 'manageNotFoundTitle'
  | 'manageNotFoundLead'
  | 'finishProcessingReload';

/** English text of the emails, the receipt page and the manage page. */
export const defaultAfterPurchaseMessages: Pick<CheckoutMessages, AfterPurchaseMessageKey> = {
  emailReceiptSubject: 'Your receipt from {merchant} ({reference})',
  emailReceiptHeading: 'Thank you for your order',
  emailReceiptLead: 'We received your payment for {plan}. Your receipt is below.',
  emailRenewalSubject: 'Your {plan} subscription was renewed ({reference})',
  emailRenewalLead: 'Your {plan} subscription was renewed. Your receipt is below.',
  emailPastDueSubject: 'We could not renew your {plan} subscription',
  emailPastDueHeading: 'Your payment did not go through',
  emailPastDueLead:
    'We could not charge your card for {plan}. We will try again in a few days; you can check your subscription at any time.',
  emailCanceledSubject: 'Your {plan} subscription has ended',
  emailCanceledHeading: 'Your subscription has ended',
  emailCanceledLead: 'Your {plan} subscription ended on {date}. Nothing more will be charged.',
  emailViewReceipt: 'View or print your receipt',
  emailManageSubscription: 'Manage your subscription',
  emailDate: 'Date',
  emailSubtotal: 'Subtotal',
  emailDiscount: 'Discount',
  emailTax: 'Tax',
  emailTotal: 'Total',
  emailFooter: 'You receive this email because you bought {plan} from {merchant}.',
  receiptPageTitle: 'Receipt {reference}',
  receiptPrint: 'Print or save as PDF',
  receiptMerchant: 'Sold by',
  receiptDate: 'Date',
  receiptTaxId: 'Tax ID',
  receiptManage: 'Manage your subscription',
  manageTitle: 'Your {plan} subscription',
  manageStatus: 'Status',
  manageStatusTrialing: 'Free trial',
  manageStatusActive: 'Active',
  manageStatusPastDue: 'Payment overdue',
  manageStatusCanceled: 'Ended',
  manageNextCharge: 'Next charge',
  manageNextChargeValue: '{amount} on {date}',
  manageEndsOn: 'Ends on {date}',
  manageCancel: 'Cancel subscription',
  manageCancelConfirmTitle: 'Cancel your subscription?',
  manageCancelConfirmLead:
    'It stays active until {date} and is not charged again. You can resume it until then.',
  manageCancelConfirm: 'Yes, cancel at the end of the period',
  manageKeep: 'Keep my subscription',
  manageResume: 'Resume subscription',
  manageCanceledNotice: 'Your subscription will end on {date}.',
  manageConfirmPaymentNotice:
    'Your bank asks you to confirm the payment of {amount} for this period.',
  manageRetryPaymentNotice: 'The payment of {amount} for this period did not go through.',
  managePayNow: 'Confirm and pay {amount}',
  manageResumedNotice: 'Your subscription continues. Next charge: {amount} on {date}.',
  manageNotFoundTitle: 'Link not valid',
  manageNotFoundLead: 'This link is incomplete or no longer valid. Open it from your latest email.',
  finishProcessingReload: 'Check again',
};
