// Checks a request's parameters against Stripe's OpenAPI description of the endpoint
// (`stripeOpenApiSubset.ts`) and answers as Stripe does when they do not fit: a 400
// `invalid_request_error` naming the parameter (`param`, nested ones as `items[0][price]`)
// with Stripe's code and wording: `parameter_unknown` ("Received unknown parameter: …"),
// `parameter_missing` ("Missing required param: ….") `parameter_invalid_integer` ("Invalid
// integer: …"), `parameter_invalid_empty` for an empty string where the parameter cannot be
// unset. Form-encoded values all arrive as strings; Stripe reads them by the schema's type.

import { type FakeStripeError, invalidRequest } from './fakeStripeErrors.js';
import type { StripeParamSchema } from './stripeOpenApiSchema.js';
import { STRIPE_OPENAPI_SUBSET } from './stripeOpenApiSubset.js';

const EMPTY_STRING_ALLOWED = (schema: StripeParamSchema) =>
  schema.type === 'string' && schema.enum?.length === 1 && schema.enum[0] === '';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `items[0][price_data]`: a parameter's name in Stripe's errors. */
const nameOf = (path: readonly string[]) =>
  path.map((part, i) => (i === 0 ? part : `[${part}]`)).join('');

/** "a, b, or c", as Stripe lists allowed values. */
function listOf(values: ReadonlyArray<unknown>): string {
  const words = values.map(String);
  if (words.length <= 2) return words.join(' or ');
  return `${words.slice(0, -1).join(', ')}, or ${words.at(-1)}`;
}

/** The first problem with `value` against `schema`, or null. */
function check(schema: StripeParamSchema, value: unknown, path: string[]): FakeStripeError | null {
  const param = nameOf(path);
  if (value === '') {
    if (EMPTY_STRING_ALLOWED(schema) || schema.anyOf?.some(EMPTY_STRING_ALLOWED)) return null;
    return invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      'parameter_invalid_empty',
      param,
    );
  }
  if (schema.anyOf) {
    const errors = schema.anyOf.map((alt) => check(alt, value, path));
    if (errors.some((error) => error === null)) return null;
    // Report the alternative of the value's own shape (an object for a hash, else a scalar).
    const shaped = schema.anyOf.findIndex(
      (alt) => (alt.type === 'object' || alt.type === 'array') === isObject(value),
    );
    return errors[Math.max(shaped, 0)] ?? null;
  }
  switch (schema.type) {
    case 'object':
      return isObject(value)
        ? checkObject(schema, value, path)
        : invalidRequest('Invalid object', undefined, param);
    case 'array': {
      // qs reads `a[0]=x` as an array, and long or sparse lists as an object keyed by index.
      const entries = Array.isArray(value)
        ? value.map((item, i) => [String(i), item] as const)
        : isObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key))
          ? Object.entries(value)
          : null;
      if (!entries) return invalidRequest('Invalid array', undefined, param);
      for (const [index, item] of entries) {
        const problem = schema.items ? check(schema.items, item, [...path, index]) : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'integer':
      return /^-?\d+$/.test(String(value)) && !isObject(value)
        ? null
        : invalidRequest(`Invalid integer: ${String(value)}`, 'parameter_invalid_integer', param);
    case 'number':
      return /^-?(\d+\.?\d*|\.\d+)$/.test(String(value)) && !isObject(value)
        ? null
        : invalidRequest(`Invalid decimal: ${String(value)}`, undefined, param);
    case 'boolean':
      return value === 'true' || value === 'false' || typeof value === 'boolean'
        ? null
        : invalidRequest(`Invalid boolean: ${String(value)}`, undefined, param);
    case 'string':
      if (typeof value !== 'string') return invalidRequest('Invalid string', undefined, param);
      if (schema.enum && !schema.enum.includes(value)) {
        return invalidRequest(
          `Invalid ${path.at(-1)}: must be one of ${listOf(schema.enum)}`,
          undefined,
          param,
        );
      }
      return null;
    default:
      return null;
  }
}

function checkObject(
  schema: StripeParamSchema,
  value: Record<string, unknown>,
  path: string[],
): FakeStripeError | null {
  for (const [key, item] of Object.entries(value)) {
    const named =
      schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : null;
    const known = named ?? schema.additionalProperties;
    if (!known) {
      const param = nameOf([...path, key]);
      return invalidRequest(`Received unknown parameter: ${param}`, 'parameter_unknown', param);
    }
    // "Individual keys can be unset by posting an empty value to them" (metadata).
    if (!named && item === '') continue;
    const problem = check(known, item, [...path, key]);
    if (problem) return problem;
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) {
      const param = nameOf([...path, key]);
      return invalidRequest(`Missing required param: ${param}.`, 'parameter_missing', param);
    }
  }
  return null;
}

/**
 * Why Stripe would refuse these parameters of `operation` (`"POST /v1/customers"`), or
 * null when they fit its description.
 */
export function checkRequestParameters(
  operation: string,
  params: Record<string, unknown>,
): FakeStripeError | null {
  const schema = STRIPE_OPENAPI_SUBSET.operations[operation];
  if (!schema) return null;
  return checkObject(schema, params, []);
}
