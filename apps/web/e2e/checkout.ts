import { expect, type Locator, type Page } from '@playwright/test';

/** The test provider's well-known cards (DESIGN.md, "Payment providers"). */
export const cards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  requiresAuthentication: '4000 0027 6000 3184',
  /** 4242 4242 4242 4241: right length, wrong Luhn check digit. */
  luhnInvalid: '4242 4242 4242 4241',
} as const;

/** An expiry date a few years ahead, as MM/YY, so the suite does not age. */
export function futureExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** The shape of a session id in a finish or authenticate URL. */
export const SESSION_ID = /cs_[A-Za-z0-9_-]{32}/;
/** A finish-step URL of some session. */
export const FINISH_URL = /\/checkout\/finish\?session=cs_[A-Za-z0-9_-]{32}$/;
/** An order reference as the receipt shows it. */
export const ORDER_REFERENCE = /^PK-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** What a visitor types into the contact part of the plan step. */
export interface Details {
  email: string;
  name: string;
  /** Country as the visitor reads it in the list. */
  country: string;
}

/** A visitor's details; override what a journey needs. */
export function makeDetails(overrides: Partial<Details> = {}): Details {
  return { email: 'ada@example.com', name: 'Ada Lovelace', country: 'Germany', ...overrides };
}

/**
 * Opens a plan step and waits until the form has hydrated. The idempotency key is minted
 * in the browser after hydration (PlanStepForm), so a filled key means React owns the
 * form; typing before that would race the hydration. Hidden inputs have no label, hence
 * the name selector.
 */
export async function openPlanStep(page: Page, planId: string): Promise<void> {
  await page.goto(`/checkout/${planId}`);
  await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
}

/** The plan step's Email input (exact, so it never matches another label). */
export const emailInput = (page: Page) => page.getByLabel('Email', { exact: true });

/** Fills email, full name and country. */
export async function fillDetails(page: Page, overrides: Partial<Details> = {}): Promise<Details> {
  const details = makeDetails(overrides);
  await emailInput(page).fill(details.email);
  await page.getByLabel('Full name').fill(details.name);
  await page.getByLabel('Country').selectOption({ label: details.country });
  return details;
}

/** Fills the card fields. */
export async function fillCard(
  page: Page,
  card: string,
  options: { expiry?: string; cvc?: string } = {},
): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(options.expiry ?? futureExpiry());
  await page.getByLabel('CVC').fill(options.cvc ?? '123');
}

/** The submit button of a paid plan ("Pay €…"). */
export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay / });

/** Fills the card and presses Pay. */
export async function payWith(page: Page, card: string): Promise<void> {
  await fillCard(page, card);
  await payButton(page).click();
}

/** The description (`dd`) next to a term (`dt`) of a description list inside `scope`. */
export function definitionOf(scope: Locator, term: string | RegExp): Locator {
  const exact = typeof term === 'string' ? new RegExp(`^${escapeRegExp(term)}$`) : term;
  return scope
    .getByRole('term')
    .filter({ hasText: exact })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Asserts that a field is marked invalid and its message is read with it. Matches the
 * message inside the description: a hint may follow it, and the error's warning sign
 * (CSS generated content) is part of the computed description.
 */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The receipt on the finish step. */
export const receipt = (page: Page) => page.getByRole('region', { name: 'Receipt' });

/**
 * The plan step's message for the whole form (decline, "correct the highlighted fields").
 * Scoped to the form: Next.js adds its own route announcer with the same role.
 */
export const formAlert = (page: Page) => page.locator('form').getByRole('alert');

/** The live order summary on the plan step. */
export const orderSummary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** The session id in the current URL (finish or authenticate page). */
export function sessionIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('session');
  if (!id) throw new Error(`no session id in ${page.url()}`);
  return id;
}
