// The shape of `stripeOpenApiSubset.ts`: for each endpoint the kit calls, its parameters as
// Stripe's OpenAPI description types them, cut down to what request validation reads.

/** A parameter's schema: the OpenAPI keywords validation needs, `$ref`s resolved. */
export interface StripeParamSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  enum?: ReadonlyArray<string | boolean | number>;
  properties?: Readonly<Record<string, StripeParamSchema>>;
  required?: readonly string[];
  items?: StripeParamSchema;
  additionalProperties?: StripeParamSchema;
  anyOf?: readonly StripeParamSchema[];
}

/** The generated subset of Stripe's OpenAPI description. */
export interface StripeOpenApiSubset {
  /** The API version of the spec it was cut from. */
  apiVersion: string;
  /** The API version the `stripe` SDK pinned when it was generated. */
  sdkApiVersion: string;
  /** Each endpoint's parameters (body or query) by `"METHOD /v1/path/{id}"`. */
  operations: Readonly<Record<string, StripeParamSchema>>;
}
