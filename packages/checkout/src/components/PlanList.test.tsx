import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCatalog, makePlan } from '../test-utils/factories.js';
import { PlanList } from './PlanList.js';

const base = makeCatalog();
const catalog = makeCatalog({
  plans: [
    ...base.plans.filter((plan) => plan.id !== 'free'),
    makePlan({ id: 'hobby', name: 'Hobby', prices: { monthly: { EUR: 0 } } }),
    makePlan({ id: 'legacy', name: 'Legacy', retired: true }),
  ],
});

function renderList() {
  return render(<PlanList catalog={catalog} planHref={(id) => `/checkout/${id}`} locale="en-US" />);
}

/** The card of one plan: the list item headed by the plan's name. */
function planCard(name: string): HTMLElement {
  const item = screen.getByRole('heading', { level: 2, name }).closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return item;
}

describe('home page plan list: starter, pro (trial), team (per seat), hobby (free), legacy (retired)', () => {
  it('links to the plan step of each purchasable plan and hides the retired one', () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Choose Starter', '/checkout/starter'],
      ['Choose Pro', '/checkout/pro'],
      ['Choose Team', '/checkout/team'],
      ['Choose Hobby', '/checkout/hobby'],
    ]);
    expect(screen.queryByRole('heading', { name: 'Legacy' })).not.toBeInTheDocument();
  });

  it('shows "Free" for the free plan instead of a zero price', () => {
    renderList();
    const hobby = planCard('Hobby');
    expect(within(hobby).getByText('Free')).toBeInTheDocument();
    expect(hobby).not.toHaveTextContent('€0.00');
  });

  it('shows headline prices in the default currency, per seat for team plans', () => {
    renderList();
    expect(planCard('Starter')).toHaveTextContent('€9.00 / month');
    expect(planCard('Team')).toHaveTextContent('€12.00 per seat / month');
    expect(planCard('Pro')).toHaveTextContent('€29.00 / month');
    expect(within(planCard('Pro')).getByText('14-day free trial')).toBeInTheDocument();
  });
});
