import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localProviders } from '../../../test/answers.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { faqGroups } from '../faq/faq-data.ts';
import { PricingPage } from './pricing-page.tsx';

function renderPricing() {
  return renderWithProviders(<PricingPage />, { path: '/pricing' });
}

/** The accordion buttons of one FAQ group, found through the group's heading as a reader would. */
function questionsOf(groupTitle: string) {
  const heading = screen.getByRole('heading', { level: 3, name: groupTitle });
  const group = heading.closest('section');
  if (!group) throw new Error(`no section around ${groupTitle}`);
  return within(group).getAllByRole('button');
}
/** Whether an answer shows: closed answers stay in the page, hidden. */
const shown = (answer: string) => screen.getByText(answer).closest('[hidden]') === null;
const expanded = (buttons: HTMLElement[]) => buttons.map((button) => button.getAttribute('aria-expanded') === 'true');

describe('pricing page', () => {
  beforeEach(() => {
    localStorage.clear();
    // A visitor's pricing page asks the server only its prices (the default answer: 1 credit an image).
    mockServer({});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has one h1, a single selected Prepaid tab over the three plans, the comparison table and the trial call to action', () => {
    renderPricing();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Subscription Plans']);

    const tabs = within(screen.getByRole('tablist', { name: 'Billing' })).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([['Prepaid', 'true']]);
    const panel = screen.getByRole('tabpanel', { name: 'Prepaid' });
    expect(
      within(panel)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Starter', 'Popular', 'Premium']);

    expect(screen.getByRole('heading', { level: 2, name: 'Not sure which plan to choose' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['StarterTry it out', 'PopularMost popular', 'PremiumBest value']);
    const priceRow = within(table).getByRole('row', { name: /^Price\s*Paid once/ });
    expect(
      within(priceRow)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['$5', '$20', '$50']);
    const perImage = within(table).getByRole('row', { name: /^Price per image/ });
    expect(
      within(perImage)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['$1.00', '$0.57', '$0.50']);

    expect(screen.getByRole('link', { name: 'Free Trial With 5 Credits' }).getAttribute('href')).toBe('/register');
  });

  it('shows the general, billing and product FAQ groups, each with its first question open', () => {
    renderPricing();
    for (const id of ['general', 'billing', 'product'] as const) {
      const buttons = questionsOf(faqGroups[id].title);
      expect(buttons.map((b) => b.textContent)).toEqual(faqGroups[id].entries.map((entry) => entry.question));
      expect(expanded(buttons)).toEqual(buttons.map((_, index) => index === 0));
    }
    expect(shown(faqGroups.general.entries[0]!.answer)).toBe(true);
  });

  it('keeps one question open per group: opening another closes the first, other groups stay as they were', async () => {
    const user = userEvent.setup();
    renderPricing();
    const general = questionsOf('General');
    const billing = questionsOf('Billing');

    await user.click(general[2]!);
    expect(expanded(general)).toEqual([false, false, true, false]);
    expect(shown(faqGroups.general.entries[2]!.answer)).toBe(true);
    expect(shown(faqGroups.general.entries[0]!.answer)).toBe(false);
    expect(expanded(billing)).toEqual(billing.map((_, index) => index === 0));

    await user.click(billing[1]!);
    expect(expanded(billing)).toEqual(billing.map((_, index) => index === 1));
    expect(expanded(general)).toEqual([false, false, true, false]);
  });

  it('closes the open question when it is clicked, leaving the group all closed', async () => {
    const user = userEvent.setup();
    renderPricing();
    const product = questionsOf('Product');

    await user.click(product[0]!);
    expect(expanded(product)).toEqual([false, false, false]);
    expect(shown(faqGroups.product.entries[0]!.answer)).toBe(false);

    await user.click(product[0]!);
    expect(expanded(product)).toEqual([true, false, false]);
  });

  it('counts each plan’s images and its price per image from the server’s current price of one generation', async () => {
    const providers = localProviders(1);
    mockServer({
      'GET /api/image/providers': [
        200,
        // A keyless server: a generation is a free preview here; the plans count images at the real price.
        { ...providers, prices: { ...providers.prices, generation: { credits: 0, preview: true }, imageCredits: 2 } },
      ],
    });
    renderPricing();
    const plans = screen.getByRole('tabpanel', { name: 'Prepaid' });
    expect(await within(plans).findByText('17 images')).toBeTruthy();
    expect(within(plans).getByText('2 images')).toBeTruthy();
    expect(within(plans).getByText('50 images')).toBeTruthy();
    expect(within(plans).queryByText('35 images')).toBeNull();
    const table = screen.getByRole('table');
    const images = within(table).getByRole('row', { name: /^Images/ });
    expect(
      within(images)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', '17', '50']);
    const perImage = within(table).getByRole('row', { name: /^Price per image/ });
    expect(
      within(perImage)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['$2.00', '$1.14', '$1.00']);
  });
});
