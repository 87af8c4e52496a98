'use client';

import type { errorMessagesFor, notFoundMessagesFor } from '@plankit/checkout';
import { createContext, type ReactNode, useContext } from 'react';

/** The error and not-found pages' text in the page's language. */
export interface PageText {
  error: ReturnType<typeof errorMessagesFor>;
  notFound: ReturnType<typeof notFoundMessagesFor>;
}

const PageTextContext = createContext<PageText | null>(null);

/**
 * Hands the page's language's error and not-found text to `error.tsx` and `not-found.tsx`,
 * which are client components and so in every page's JavaScript: the layout (a server
 * component) picks the one language, and only its few strings travel with the page. Before,
 * each of those components imported the table of all 16 languages, 23.9 kB of gzipped
 * JavaScript on every page (issue 8, item 10).
 */
export function PageTextProvider({ text, children }: { text: PageText; children: ReactNode }) {
  return <PageTextContext.Provider value={text}>{children}</PageTextContext.Provider>;
}

/** The page's text; `null` outside the layout (then the components' English applies). */
export function usePageText(): PageText | null {
  return useContext(PageTextContext);
}
