// The Next.js entry (`@plankit/checkout/next`): one call, `createPlankit({ catalog })`, in
// one module of a Next.js App Router app returns what each route file re-exports. The only
// part of the package that imports `next` (an optional peer dependency).

export { createPlankit, type Plankit, type PlankitPage } from './createPlankit.js';
export type { PlankitRouteHandler } from './handlers.js';
export { languageName, localeOfParam, negotiateLocale } from './locale.js';
export type { ManagePageProps } from './managePage.js';
export { LANGUAGE_PATH, THEME_PATH } from './menuPaths.js';
export type { PlankitMetadata, PlankitMetadataFunction } from './metadata.js';
export type {
  PlankitOptions,
  PlankitProviderFactory,
  PlankitStoreOptions,
  PlankitStripeFieldsProps,
} from './options.js';
export type { LocaleParams, PlankitLayoutProps } from './pageLocale.js';
export type { PlankitPageProps, PlanPageParams } from './planPage.js';
export type { PlankitProxy } from './proxy.js';
export type { Readiness, ReadinessCheck } from './readiness.js';
export { currentRequestId, REQUEST_ID_HEADER, withRequestId } from './requestScope.js';
export type { FinishPageParams, FinishPageProps, TokenParams } from './sessionPages.js';
export type { PlankitSettings, ProcessorOrigins } from './settings.js';
export type { PlankitStartOptions } from './start.js';
