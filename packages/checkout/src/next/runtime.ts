import type { Catalog, CheckoutRoutes } from '../index.js';
import type { EngineLogger } from '../server.js';
import type { PlankitOptions } from './options.js';
import type { PlankitSettings } from './settings.js';

/**
 * What every part of the adapter works from: the host's options, its parsed catalog, and
 * the settings and routes read from the environment on first use in this process (never at
 * build time).
 */
export interface PlankitRuntime {
  readonly options: PlankitOptions;
  readonly catalog: Catalog;
  settings(): PlankitSettings;
  routes(): CheckoutRoutes;
  readonly logger: EngineLogger;
}
