import { createCheckoutRoutes } from '@plankit/checkout';
import { config } from './config';

/** The host's checkout routes: the one place paths are built and parsed. */
export const routes = createCheckoutRoutes({ checkoutPath: config.checkoutPath });

/** The language menu's endpoint (app/language/route.ts): remembers a choice, goes back. */
export const LANGUAGE_PATH = '/language';
