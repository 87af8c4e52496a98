import { ConfigurationError } from '../../errors/errors.js';

/** Postgres schema that holds the checkout's tables when none is given. */
export const DEFAULT_SCHEMA = 'plankit';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Checks a schema name and returns it quoted for SQL. Identifiers cannot be bound as
 * parameters, so only plain lowercase names are accepted.
 */
export function quoteSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new ConfigurationError('checkout store', [
      {
        path: 'schema',
        message:
          `Invalid schema name ${JSON.stringify(schema)}: use lowercase letters, digits and "_", ` +
          'starting with a letter or "_", at most 63 characters.',
      },
    ]);
  }
  return `"${schema}"`;
}
