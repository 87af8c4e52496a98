import type { ReactElement } from 'react';
import { parseCatalog } from '../catalog/parseCatalog.js';
import type { Catalog, CheckoutRoutes } from '../index.js';
import { createCheckoutRoutes } from '../routes/createCheckoutRoutes.js';
import type { CheckoutEngine } from '../server.js';
import { defaultLogger } from './defaultLogger.js';
import { getEngine } from './engineHolder.js';
import { createRouteHandler, type PlankitRouteHandler } from './handlers.js';
import type { ManagePageProps } from './managePage.js';
import {
  generateFindSubscriptionMetadata,
  generateFinishMetadata,
  generateManageMetadata,
  generateNotFoundMetadata,
  generateReceiptMetadata,
  type PlankitMetadataFunction,
} from './metadata.js';
import type { PlankitOptions } from './options.js';
import type { LocaleParams, PlankitLayoutProps } from './pageLocale.js';
import {
  FindSubscriptionPage,
  FinishPage,
  generatePlanMetadata,
  ManagePage,
  NotFoundPage,
  PlanPage,
  ReceiptPage,
  RootLayout,
} from './pages.js';
import type { PlankitPageProps, PlanPageParams } from './planPage.js';
import { createProxy, type PlankitProxy } from './proxy.js';
import { registerRuntime } from './registry.js';
import type { PlankitRuntime } from './runtime.js';
import type { FinishPageProps, TokenParams } from './sessionPages.js';
import { type PlankitSettings, readSettings } from './settings.js';
import { type PlankitStartOptions, startPlankit } from './start.js';

/** A page of the adapter, as a route file's default export. */
export type PlankitPage<Props> = (props: Props) => Promise<ReactElement>;

/**
 * What {@link createPlankit} returns: everything the app's route files re-export. Each route
 * file is one line, e.g. `export { PlanPage as default } from '@/plankit';`.
 */
export interface Plankit {
  /** The plan step: `app/{checkoutPath}/[planId]/page.tsx` (or `app/[lang]/[checkoutPath]/[planId]`). */
  PlanPage: PlankitPage<PlankitPageProps<PlanPageParams>>;
  /** The plan step's title (its `generateMetadata`). */
  generatePlanMetadata: (props: PlankitPageProps<PlanPageParams>) => Promise<{ title: string }>;
  /** The finish step's `generateMetadata`. */
  generateFinishMetadata: PlankitMetadataFunction;
  /** A receipt's `generateMetadata`. */
  generateReceiptMetadata: PlankitMetadataFunction;
  /** The manage page's `generateMetadata`. */
  generateManageMetadata: PlankitMetadataFunction;
  /** "Find my subscription"'s `generateMetadata`. */
  generateFindSubscriptionMetadata: PlankitMetadataFunction;
  /** A 404 page's `generateMetadata`. */
  generateNotFoundMetadata: PlankitMetadataFunction;
  /**
   * Lists no page: beside the plan step in a language tree, it makes Next.js render each
   * plan on its first request and cache it, never at build time (the page shows the
   * settings the server started with).
   */
  generateStaticParams: () => never[];
  /** The finish step: `app/{checkoutPath}/finish/page.tsx`. */
  FinishPage: PlankitPage<FinishPageProps>;
  /** A receipt behind its signed link: `app/receipts/[token]/page.tsx`. */
  ReceiptPage: PlankitPage<PlankitPageProps<TokenParams>>;
  /** A subscription's manage page behind its signed link: `app/subscriptions/[token]/page.tsx`. */
  ManagePage: PlankitPage<ManagePageProps>;
  /** "Find my subscription": `app/subscriptions/page.tsx`. */
  FindSubscriptionPage: PlankitPage<PlankitPageProps<LocaleParams>>;
  /** The "not found" content in the page's language (a 404 page, `not-found.tsx`). */
  NotFoundPage: PlankitPage<Partial<PlankitPageProps<LocaleParams>>>;
  /** A root layout with the stylesheet and `<html lang dir>`: `app/layout.tsx`, for an app without one. */
  RootLayout: (props: PlankitLayoutProps) => Promise<ReactElement>;
  /**
   * The route handlers of `/api/webhooks/[provider]`, the test processor
   * (`/test-processor/[...path]`), `/api/health`, `/api/ready`, a receipt's `invoice.pdf` and
   * the `/language` and `/theme` menus, told apart by path: re-export them from each such
   * route file, or from one catch-all route (`app/[...plankit]/route.ts`).
   */
  GET: PlankitRouteHandler;
  /** See {@link Plankit.GET}. */
  POST: PlankitRouteHandler;
  /** See {@link Plankit.GET}. */
  HEAD: PlankitRouteHandler;
  /** The proxy (`proxy.ts`: `export { proxy } from '@/plankit';`): security headers, language, 503s. */
  proxy: PlankitProxy;
  /**
   * For `instrumentation.ts`'s `register()`: checks the settings (an invalid one stops the
   * server, naming each problem), opens the store so background work runs with no visitor,
   * renders a language tree's cached pages, and installs the SIGTERM drain (new requests
   * 503, running ones finish, the store closes, exit within 9 s).
   */
  register: (options?: PlankitStartOptions) => Promise<void>;
  /** The process's checkout engine (opened on first use). */
  getEngine: () => Promise<CheckoutEngine>;
  /** The settings, read from the options and the environment on first use. */
  settings: () => PlankitSettings;
  /** The checkout's routes: the one place paths are built and parsed. */
  routes: () => CheckoutRoutes;
  /** The parsed catalog. */
  catalog: Catalog;
}

/**
 * The checkout in a Next.js App Router app, from one call in one module of the app
 * (`plankit.ts`). Only the catalog is needed; every other setting has a default or is read
 * from the environment when the server runs (see {@link PlankitOptions}).
 *
 * @example
 * ```ts
 * export const { PlanPage, FinishPage, RootLayout, GET, POST, proxy } = createPlankit({ catalog });
 * ```
 */
export function createPlankit(options: PlankitOptions): Plankit {
  // Parsed now: an invalid catalog stops the build and the server, naming plan and field.
  const catalog = parseCatalog(options.catalog);
  let settings: PlankitSettings | null = null;
  let routes: CheckoutRoutes | null = null;
  const runtime: PlankitRuntime = {
    options,
    catalog,
    logger: options.logger ?? defaultLogger,
    settings: () => {
      settings ??= readSettings(options, options.env ?? process.env);
      return settings;
    },
    routes: () => {
      routes ??= createCheckoutRoutes({ checkoutPath: runtime.settings().checkoutPath });
      return routes;
    },
  };
  registerRuntime(runtime);
  const handler = createRouteHandler(runtime);
  return {
    PlanPage,
    generatePlanMetadata,
    generateFinishMetadata,
    generateReceiptMetadata,
    generateManageMetadata,
    generateFindSubscriptionMetadata,
    generateNotFoundMetadata,
    generateStaticParams: () => [],
    FinishPage,
    ReceiptPage,
    ManagePage,
    FindSubscriptionPage,
    NotFoundPage,
    RootLayout,
    GET: handler,
    POST: handler,
    HEAD: handler,
    proxy: createProxy(runtime),
    register: (start?: PlankitStartOptions) => startPlankit(runtime, start),
    getEngine: () => getEngine(runtime),
    settings: runtime.settings,
    routes: runtime.routes,
    catalog,
  };
}
