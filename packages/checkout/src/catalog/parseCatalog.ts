import type { z } from 'zod';
import { PlankitError } from '../errors/errors.js';
import { missingPlanTexts } from './planTexts.js';
import { type Catalog, catalogSchema } from './schema.js';

/** Options of {@link parseCatalog}. */
export interface ParseCatalogOptions {
  /**
   * Told of what is allowed but likely a mistake: a language some plans have texts in and
   * others lack (they show the default locale's there). Default: `console.warn`.
   */
  onWarning?: ((message: string) => void) | undefined;
}

/**
 * Thrown by {@link parseCatalog} when a catalog is invalid. The message lists every
 * problem on its own line; `issues` holds the same lines for tooling.
 */
export class CatalogError extends PlankitError {
  /** One line per problem, such as `plan "team": seats: min must not exceed max`. */
  readonly issues: readonly string[];

  /** @param issues One human-readable line per problem. */
  constructor(issues: readonly string[]) {
    super(
      'invalid_catalog',
      `Invalid plan catalog:\n${issues.map((issue) => `- ${issue}`).join('\n')}`,
    );
    this.name = 'CatalogError';
    this.issues = issues;
  }
}

/**
 * Validates a catalog as a host wrote it and fills in every default. Plan texts may be given
 * per language; a language given for some plans but not others is allowed (the default
 * locale's text shows) and reported through `options.onWarning`. A host calls this
 * once at start-up, so a mistake in the catalog stops the app with a message that names
 * the plan and the field instead of surfacing later as a broken checkout.
 *
 * Zod runs the catalog-wide checks (duplicate ids and codes, default-currency prices,
 * promo codes limited to plans the catalog has) only once every plan has the right shape,
 * so a second run may report problems the first run could not see yet.
 *
 * @throws CatalogError listing every problem found.
 */
export function parseCatalog(input: unknown, options: ParseCatalogOptions = {}): Catalog {
  const result = catalogSchema.safeParse(input);
  if (result.success) {
    const warn =
      options.onWarning ?? ((message: string) => console.warn(`[plankit] catalog: ${message}`));
    for (const warning of missingPlanTexts(result.data)) warn(warning);
    return result.data;
  }
  throw new CatalogError(
    result.error.issues.flatMap(unionBranch).map((issue) => describeIssue(issue, input)),
  );
}

/**
 * A text that may be a string or per language is a union: zod says only "Invalid input" for
 * it. When the value is an object, the per-language branch's own issues say what is wrong
 * (a key that is no language tag, an empty text), with the union's path in front.
 */
function unionBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !('errors' in issue)) return [issue];
  const branches = (issue.errors as z.core.$ZodIssue[][]).filter(
    (branch) =>
      !(branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0),
  );
  if (branches.length !== 1 || !branches[0]) return [issue];
  return branches[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** Array fields of the catalog and the field that names each of their entries. */
const NAMED_ENTRIES: Record<string, { noun: string; key: string }> = {
  plans: { noun: 'plan', key: 'id' },
  promoCodes: { noun: 'promo code', key: 'code' },
  countries: { noun: 'country', key: 'code' },
};

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const path = [...issue.path];
  let subject = 'catalog';
  const [field, index] = path;
  const entry = typeof field === 'string' ? NAMED_ENTRIES[field] : undefined;
  if (entry && typeof index === 'number') {
    subject = entryLabel(input, field as string, index, entry);
    path.splice(0, 2);
  }
  let message = issue.message;
  if (issue.code === 'invalid_key') {
    // Zod reports a bad record key as "Invalid key in record" with the key last in the
    // path; say which key and what is wrong with it instead.
    const key = path.pop();
    message = `key ${quote(String(key))} ${issue.issues[0]?.message ?? 'is invalid'}`;
  } else if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    message = 'is required';
  }
  const where = formatPath(path);
  if (subject === 'catalog') return `${where || 'catalog'}: ${message}`;
  return where ? `${subject}: ${where}: ${message}` : `${subject}: ${message}`;
}

/** `plan "team"`, `plan "team" (#4)` when the id occurs twice, or `plan #3 (no id)`. */
function entryLabel(
  input: unknown,
  field: string,
  index: number,
  entry: { noun: string; key: string },
): string {
  const name = valueAt(input, [field, index, entry.key]);
  if (typeof name !== 'string' || name === '')
    return `${entry.noun} #${index + 1} (no ${entry.key})`;
  const list = valueAt(input, [field]);
  const occurrences = Array.isArray(list)
    ? list.filter((item) => valueAt(item, [entry.key]) === name).length
    : 1;
  // With a duplicate id the name alone does not say which entry is meant.
  return occurrences > 1
    ? `${entry.noun} ${quote(name)} (#${index + 1})`
    : `${entry.noun} ${quote(name)}`;
}

/** `seats`, `prices.monthly`, `features[2]`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const text = String(segment);
      const plain = /^[A-Za-z_$][\w$]*$/.test(text);
      if (!plain) return `[${quote(text)}]`;
      return i === 0 ? text : `.${text}`;
    })
    .join('');
}

/** Quotes a value from the input, truncated and escaped, so it cannot flood the log. */
function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** Reads a nested value from untrusted input without touching inherited properties. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (typeof segment === 'symbol' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}
