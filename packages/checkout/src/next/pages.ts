import type { ReactElement } from 'react';
import type { ManagePageProps } from './managePage.js';
import type { LocaleParams, PlankitLayoutProps } from './pageLocale.js';
import type { PlankitPageProps, PlanPageParams } from './planPage.js';
import { registeredRuntime } from './registry.js';
import type { FinishPageProps, TokenParams } from './sessionPages.js';

// The adapter's pages, as route files re-export them. Each loads its module when it first
// renders, never when this module is imported: a route handler or the proxy that imports
// the host's `createPlankit` module must not reach the components (a client reference has
// no place in a route handler's bundle). They read the configuration `createPlankit`
// registered for the process, as the Server Actions do.

/** The plan step (`app/{checkoutPath}/[planId]/page.tsx`). */
export async function PlanPage(props: PlankitPageProps<PlanPageParams>) {
  return (await import('./planPage.js')).renderPlanPage(registeredRuntime(), props);
}

/** The plan step's title: the plan's name in the page's language. */
export async function generatePlanMetadata(props: PlankitPageProps<PlanPageParams>) {
  return (await import('./planPage.js')).planMetadata(registeredRuntime(), props);
}

/** The finish step (`app/{checkoutPath}/finish/page.tsx`). */
export async function FinishPage(props: FinishPageProps) {
  return (await import('./sessionPages.js')).renderFinishPage(registeredRuntime(), props);
}

/** A receipt behind its signed link (`app/receipts/[token]/page.tsx`). */
export async function ReceiptPage(props: PlankitPageProps<TokenParams>) {
  return (await import('./sessionPages.js')).renderReceiptPage(registeredRuntime(), props);
}

/** A subscription's manage page behind its signed link (`app/subscriptions/[token]/page.tsx`). */
export async function ManagePage(props: ManagePageProps) {
  return (await import('./managePage.js')).renderManagePage(registeredRuntime(), props);
}

/** "Find my subscription" (`app/subscriptions/page.tsx`). */
export async function FindSubscriptionPage(props: PlankitPageProps<LocaleParams>) {
  return (await import('./sessionPages.js')).renderFindSubscriptionPage(registeredRuntime(), props);
}

/** The "not found" content in the page's language (a 404 page). */
export async function NotFoundPage(props: Partial<PlankitPageProps<LocaleParams>>) {
  return (await import('./sessionPages.js')).renderNotFoundPage(registeredRuntime(), props);
}

/** A root layout with the stylesheet and `<html lang dir>` (`app/layout.tsx`). */
export async function RootLayout(props: PlankitLayoutProps): Promise<ReactElement> {
  return (await import('./rootLayout.js')).RootLayout(props);
}
