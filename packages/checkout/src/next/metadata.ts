import { messagesFor, pageMessagesFor } from '../messages/messagesFor.js';
import { type LocaleParams, pageLocale } from './pageLocale.js';
import type { PlankitPageProps } from './planPage.js';

// The titles of the adapter's pages, in the page's language, for their route files'
// `generateMetadata`. The pages of one visitor or one signed link are kept out of search
// engines (`noindex`).

/** A page's title, and whether search engines may list it. */
export interface PlankitMetadata {
  /** The page's title (the layout's template may add the site's name). */
  title: string;
  /** `{ index: false }` for the pages of one visitor or one signed link. */
  robots?: { index: boolean };
}

type Props = Partial<PlankitPageProps<LocaleParams>>;

/** A page's `generateMetadata`: its title in the page's language. */
export type PlankitMetadataFunction = (props: Props) => Promise<PlankitMetadata>;

const locale = async (props: Props) => pageLocale((await props.params) ?? {});

/** The finish step's title: "Your order", never listed. */
export async function generateFinishMetadata(props: Props): Promise<PlankitMetadata> {
  return { title: pageMessagesFor(await locale(props)).pageTitleOrder, robots: { index: false } };
}

/** A receipt's title, never listed. */
export async function generateReceiptMetadata(props: Props): Promise<PlankitMetadata> {
  return { title: messagesFor(await locale(props)).receiptHeading, robots: { index: false } };
}

/** The manage page's title, never listed. */
export async function generateManageMetadata(props: Props): Promise<PlankitMetadata> {
  return { title: messagesFor(await locale(props)).receiptManage, robots: { index: false } };
}

/** "Find my subscription"'s title, never listed. */
export async function generateFindSubscriptionMetadata(props: Props): Promise<PlankitMetadata> {
  return { title: messagesFor(await locale(props)).findTitle, robots: { index: false } };
}

/** The 404 page's title, never listed. */
export async function generateNotFoundMetadata(props: Props): Promise<PlankitMetadata> {
  return { title: messagesFor(await locale(props)).notFoundTitle, robots: { index: false } };
}
