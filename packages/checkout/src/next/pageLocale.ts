import { headers } from 'next/headers.js';
import type { ReactNode } from 'react';
import { isLocale, type Locale } from '../messages/locales.js';
import { localeOfRequest } from './locale.js';

/** The route parameters a page of the adapter may get: a language tree's `lang`, and more. */
export interface LocaleParams {
  /** The language tree's segment (`app/[lang]/…`), when the app has one. */
  lang?: string;
}

/**
 * A page's language: its `[lang]` segment in a language tree (the page then reads no
 * request header, so it can be cached), else the request's (the proxy's choice, or
 * negotiated from `Accept-Language`).
 */
export async function pageLocale(params: LocaleParams): Promise<Locale> {
  if (isLocale(params.lang)) return params.lang;
  return localeOfRequest(await headers());
}

/** The props Next.js gives a layout. */
export interface PlankitLayoutProps {
  /** The page. */
  children: ReactNode;
  /** A language tree's `lang`, when the layout is `app/[lang]/layout.tsx`. */
  params?: Promise<LocaleParams>;
}
