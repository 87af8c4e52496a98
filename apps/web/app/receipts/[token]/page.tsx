import { ReceiptPage } from '@plankit/checkout';
import type { Metadata } from 'next';
import { getEngine } from '../../../lib/engine';
import { routes } from '../../../lib/routes';

export const metadata: Metadata = { title: 'Receipt', robots: { index: false } };

/** A receipt behind its signed link (from the email or the finish step): any browser, no cookie. */
export default async function ReceiptRoute(props: { params: Promise<{ token: string }> }) {
  const { token } = await props.params;
  const view = await (await getEngine()).getReceiptView(token);
  return <ReceiptPage view={view} plansHref={routes.home} />;
}
