// Generates src/providers/stripe/fake/stripeOpenApiSubset.ts: the request parameters of
// the Stripe API endpoints the kit calls, cut from Stripe's published OpenAPI description
// (the public repository stripe/openapi), so the fake Stripe API refuses what Stripe
// refuses (unknown parameters, ill-typed values, missing required ones).
//
// Run it from packages/checkout with a local checkout of stripe/openapi at the release the
// `stripe` SDK pins (node_modules/stripe/OPENAPI_VERSION, e.g. `git checkout v2596`):
//
//   node scripts/stripe-openapi-subset.mjs ../path/to/stripe-openapi
//
// It reads openapi/spec3.json there (or the file given with `--spec <path>`; `--release`
// names the release when the checkout is no git work tree), refuses a
// spec whose API version differs from the SDK's (`--allow-version-mismatch` writes it all
// the same, saying so in the file's header), keeps for each endpoint below only what
// validation needs (type, enum, properties, required, items, additionalProperties, anyOf;
// `$ref`s resolved; descriptions dropped), one line per endpoint, and checks the file with
// Biome. Nothing else of the spec is copied.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(packageDir, 'src/providers/stripe/fake/stripeOpenApiSubset.ts');

/** The endpoints the Stripe provider and the fake use (the fake's routes must match). */
const OPERATIONS = [
  ['get', '/v1/customers'],
  ['post', '/v1/customers'],
  ['get', '/v1/customers/{customer}'],
  ['post', '/v1/customers/{customer}'],
  ['get', '/v1/customers/{customer}/tax_ids'],
  ['post', '/v1/customers/{customer}/tax_ids'],
  ['get', '/v1/tax_rates'],
  ['post', '/v1/tax_rates'],
  ['post', '/v1/products'],
  ['get', '/v1/products/{id}'],
  ['get', '/v1/payment_methods/{payment_method}'],
  ['post', '/v1/payment_intents'],
  ['get', '/v1/payment_intents/{intent}'],
  ['post', '/v1/payment_intents/{intent}'],
  ['post', '/v1/payment_intents/{intent}/confirm'],
  ['post', '/v1/payment_intents/{intent}/cancel'],
  ['post', '/v1/setup_intents'],
  ['get', '/v1/setup_intents/{intent}'],
  ['post', '/v1/setup_intents/{intent}'],
  ['post', '/v1/setup_intents/{intent}/confirm'],
  ['post', '/v1/setup_intents/{intent}/cancel'],
  ['post', '/v1/subscriptions'],
  ['get', '/v1/subscriptions/{subscription_exposed_id}'],
  ['post', '/v1/subscriptions/{subscription_exposed_id}'],
  ['delete', '/v1/subscriptions/{subscription_exposed_id}'],
  ['get', '/v1/invoices/{invoice}'],
  ['post', '/v1/invoices/{invoice}/pay'],
  ['post', '/v1/invoices/create_preview'],
  ['post', '/v1/invoices/{invoice}/void'],
  ['get', '/v1/invoice_payments'],
  ['post', '/v1/refunds'],
  ['get', '/v1/refunds/{refund}'],
  ['get', '/v1/disputes/{dispute}'],
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  ['post', '/v1/checkout/sessions/{session}/expire'],
  ['post', '/v1/test_helpers/test_clocks'],
  ['get', '/v1/test_helpers/test_clocks/{test_clock}'],
  ['post', '/v1/test_helpers/test_clocks/{test_clock}/advance'],
  ['delete', '/v1/test_helpers/test_clocks/{test_clock}'],
];

/** A price of a subscription item, as `items[].price_data` takes it. */
const PRICE_DATA = {
  type: 'object',
  properties: {
    currency: { type: 'string' },
    product: { type: 'string' },
    recurring: {
      type: 'object',
      properties: {
        interval: { type: 'string', enum: ['day', 'month', 'week', 'year'] },
        interval_count: { type: 'integer' },
      },
      required: ['interval'],
    },
    tax_behavior: { type: 'string', enum: ['exclusive', 'inclusive', 'unspecified'] },
    unit_amount: { type: 'integer' },
    unit_amount_decimal: { type: 'string' },
  },
  required: ['currency', 'product', 'recurring'],
};

/**
 * Endpoints newer than the newest description at hand, each written out from Stripe's API
 * reference (https://docs.stripe.com/api/invoice-payments/list, API 2025-03-31.basil and
 * later; https://docs.stripe.com/api/invoices/create_preview, which replaced
 * `GET /v1/invoices/upcoming` in 2025-03-31.basil: the subscription parameters of the
 * preview, the only ones the kit sends, in full): used only while the spec lacks the
 * endpoint, and named in the file's header.
 */
const NEWER_OPERATIONS = {
  'POST /v1/invoices/create_preview': {
    type: 'object',
    properties: {
      currency: { type: 'string' },
      customer: { type: 'string' },
      expand: { type: 'array', items: { type: 'string' } },
      preview_mode: { type: 'string', enum: ['next', 'recurring'] },
      subscription: { type: 'string' },
      subscription_details: {
        type: 'object',
        properties: {
          billing_cycle_anchor: {
            anyOf: [{ type: 'string', enum: ['now', 'unchanged'] }, { type: 'integer' }],
          },
          cancel_at: { anyOf: [{ type: 'integer' }, { type: 'string', enum: [''] }] },
          cancel_at_period_end: { type: 'boolean' },
          cancel_now: { type: 'boolean' },
          default_tax_rates: {
            anyOf: [
              { type: 'array', items: { type: 'string' } },
              { type: 'string', enum: [''] },
            ],
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                clear_usage: { type: 'boolean' },
                deleted: { type: 'boolean' },
                id: { type: 'string' },
                metadata: {
                  anyOf: [
                    { type: 'object', additionalProperties: { type: 'string' } },
                    { type: 'string', enum: [''] },
                  ],
                },
                price: { type: 'string' },
                price_data: PRICE_DATA,
                quantity: { type: 'integer' },
                tax_rates: {
                  anyOf: [
                    { type: 'array', items: { type: 'string' } },
                    { type: 'string', enum: [''] },
                  ],
                },
              },
            },
          },
          proration_behavior: {
            type: 'string',
            enum: ['always_invoice', 'create_prorations', 'none'],
          },
          proration_date: { type: 'integer' },
          resume_at: { type: 'string', enum: ['now'] },
          start_date: { type: 'integer' },
          trial_end: { anyOf: [{ type: 'string', enum: ['now'] }, { type: 'integer' }] },
        },
      },
    },
  },
  'GET /v1/invoice_payments': {
    type: 'object',
    properties: {
      created: {
        anyOf: [
          {
            type: 'object',
            properties: {
              gt: { type: 'integer' },
              gte: { type: 'integer' },
              lt: { type: 'integer' },
              lte: { type: 'integer' },
            },
          },
          { type: 'integer' },
        ],
      },
      ending_before: { type: 'string' },
      expand: { type: 'array', items: { type: 'string' } },
      invoice: { type: 'string' },
      limit: { type: 'integer' },
      payment: {
        type: 'object',
        properties: {
          payment_intent: { type: 'string' },
          payment_record: { type: 'string' },
          type: { type: 'string', enum: ['payment_intent', 'payment_record'] },
        },
        required: ['type'],
      },
      starting_after: { type: 'string' },
      status: { type: 'string', enum: ['canceled', 'open', 'paid'] },
    },
  },
};

function usage(message) {
  console.error(
    `${message}\nUsage: node scripts/stripe-openapi-subset.mjs <stripe-openapi checkout> [--spec <file>] [--release <tag>] [--allow-version-mismatch]`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
const checkout = args.find(
  (arg, i) => !arg.startsWith('--') && args[i - 1] !== '--spec' && args[i - 1] !== '--release',
);
if (!checkout) usage('Give the path of a local checkout of stripe/openapi.');
const specArg = args.includes('--spec') ? args[args.indexOf('--spec') + 1] : undefined;
const specPath = resolve(specArg ?? join(checkout, 'openapi/spec3.json'));
if (!existsSync(specPath)) usage(`No spec at ${specPath}.`);
const spec = JSON.parse(readFileSync(specPath, 'utf8'));

// The SDK the package is built and tested with (a devDependency, so pnpm links it here).
const sdkDir = join(packageDir, 'node_modules/stripe');
const sdkVersion = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')).version;
const sdkOpenApi = readFileSync(join(sdkDir, 'OPENAPI_VERSION'), 'utf8').trim();
const sdkApiVersion = /ApiVersion = '([^']+)'/.exec(
  readFileSync(join(sdkDir, 'esm/apiVersion.js'), 'utf8'),
)?.[1];
const specVersion = spec.info?.version;
// Which release of stripe/openapi: `--release`, else what git says of the checkout.
const release = args.includes('--release')
  ? args[args.indexOf('--release') + 1]
  : (() => {
      try {
        return execFileSync('git', ['-C', checkout, 'describe', '--tags', '--always'], {
          encoding: 'utf8',
        }).trim();
      } catch {
        return 'an unknown release';
      }
    })();
const mismatch = specVersion !== sdkApiVersion;
if (mismatch && !args.includes('--allow-version-mismatch')) {
  usage(
    `The spec is for API version ${specVersion}, the SDK (stripe@${sdkVersion}) pins ${sdkApiVersion} (stripe/openapi ${sdkOpenApi}). Check that release out, or pass --allow-version-mismatch.`,
  );
}

/** The schema a `$ref` names. */
function deref(schema) {
  let current = schema;
  const seen = new Set();
  while (current?.$ref) {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    const name = current.$ref.replace('#/components/schemas/', '');
    current = spec.components.schemas[name];
  }
  return current;
}

/** The part of a schema validation needs. */
function compact(input, depth = 0) {
  if (depth > 40) throw new Error('schema too deep');
  const schema = deref(input);
  const out = {};
  if (schema.anyOf) out.anyOf = schema.anyOf.map((alt) => compact(alt, depth + 1));
  if (schema.type) out.type = schema.type;
  // Stripe marks enums it does not enforce (new values may appear) with this extension.
  if (schema.enum && !schema['x-stripeBypassValidation']) out.enum = schema.enum;
  if (schema.properties) {
    out.type = 'object';
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, compact(value, depth + 1)]),
    );
  }
  if (schema.required?.length) out.required = schema.required;
  if (schema.items) out.items = compact(schema.items, depth + 1);
  if (schema.additionalProperties) {
    out.additionalProperties =
      schema.additionalProperties === true ? {} : compact(schema.additionalProperties, depth + 1);
  }
  return out;
}

/**
 * An operation's parameters as one object schema: its query parameters and its form body
 * together (Stripe's description gives GETs an empty body, and the SDK sends a DELETE's
 * parameters in its query string).
 */
function parametersOf(method, path) {
  const operation = spec.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the spec`);
  const body = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
  const form = body ? compact(body) : { type: 'object' };
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const required = [
    ...(form.required ?? []),
    ...query.filter((p) => p.required).map((p) => p.name),
  ];
  return {
    type: 'object',
    properties: {
      ...form.properties,
      ...Object.fromEntries(query.map((p) => [p.name, compact(p.schema)])),
    },
    ...(required.length ? { required } : {}),
  };
}

const fromReference = [];
const operations = Object.fromEntries(
  OPERATIONS.map(([method, path]) => {
    const key = `${method.toUpperCase()} ${path}`;
    if (!spec.paths[path]?.[method] && NEWER_OPERATIONS[key]) {
      fromReference.push(key);
      return [key, NEWER_OPERATIONS[key]];
    }
    return [key, parametersOf(method, path)];
  }),
);

const header = `// Generated by scripts/stripe-openapi-subset.mjs from Stripe's OpenAPI description
// (github.com/stripe/openapi ${release}, ${specPath.startsWith(resolve(checkout)) ? specPath.slice(resolve(checkout).length + 1) : 'openapi/spec3.json'}), API version ${specVersion}.
// The \`stripe\` SDK (${sdkVersion}) pins ${sdkApiVersion} (stripe/openapi ${sdkOpenApi}).${
  mismatch
    ? `\n// NOTE: generated with --allow-version-mismatch: regenerate from stripe/openapi ${sdkOpenApi}.`
    : ''
}${
  fromReference.length
    ? `\n// Not in that description, written out from Stripe's API reference: ${fromReference.join(', ')}.`
    : ''
}
// Do not edit: run the script again (its header says how).

import type { StripeOpenApiSubset } from './stripeOpenApiSchema.js';

`;
// One line per endpoint: a regenerated file's diff shows which endpoints changed.
const lines = Object.entries(operations).map(
  ([key, schema]) => `    ${JSON.stringify(key)}: ${JSON.stringify(schema)},`,
);
const body = `// biome-ignore format: generated data, one line per endpoint
export const STRIPE_OPENAPI_SUBSET: StripeOpenApiSubset = {
  apiVersion: ${JSON.stringify(specVersion)},
  sdkApiVersion: ${JSON.stringify(sdkApiVersion)},
  operations: {
${lines.join('\n')}
  },
};
`;
writeFileSync(output, header + body);
execFileSync('pnpm', ['exec', 'biome', 'check', output], { cwd: packageDir, stdio: 'inherit' });
console.log(
  `Wrote ${output}: ${OPERATIONS.length} operations, API version ${specVersion}${mismatch ? ` (the SDK pins ${sdkApiVersion})` : ''}.`,
);
