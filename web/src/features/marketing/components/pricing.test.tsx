import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@testing/render';
import { Pricing } from './pricing';

/** The home page's plan cards (no API: the prices come from the one table in shared/). */
const card = (name: string) => screen.getByRole('listitem', { name });
const text = (element: HTMLElement, testId: string) =>
  within(element).getByTestId(testId).textContent?.replace(/\s/g, ' ');

describe('home page pricing (decisions 21)', () => {
  it('each card keeps the list price struck through and shows the launch price incl. VAT; the VAT line says include', async () => {
    renderWithApp(<Pricing />, { path: '/' });
    const growth = await screen.findByRole('listitem', { name: 'Growth' });
    expect(text(growth, 'plan-list-price')).toBe('Regular price: €300 / year');
    expect(within(growth).getByTestId('plan-list-price').querySelector('s')?.textContent).toBe('€300 / year');
    expect(text(growth, 'plan-launch-price')).toBe('Launch price: €120 / year');
    expect(within(growth).getByText('incl. VAT')).toBeTruthy();
    expect(text(card('Starter'), 'plan-launch-price')).toBe('Launch price: €60 / year');
    expect(text(card('Enterprise'), 'plan-launch-price')).toBe('Launch price: €350 / year');
    expect(screen.getByText(/^All prices include 21% VAT\./)).toBeTruthy();
    expect(screen.queryByText(/exclude/i)).toBeNull();
  });

  it('speaks Dutch under /nl, the same way', async () => {
    renderWithApp(<Pricing />, { path: '/nl' });
    const growth = await screen.findByRole('listitem', { name: 'Growth' });
    expect(text(growth, 'plan-list-price')).toBe('Normale prijs: € 300 / jaar');
    expect(text(growth, 'plan-launch-price')).toBe('Introductieprijs: € 120 / jaar');
    expect(within(growth).getByText('incl. btw')).toBeTruthy();
    expect(screen.getByText(/^Alle prijzen zijn inclusief 21% btw\./)).toBeTruthy();
    expect(screen.queryByText(/exclusief/i)).toBeNull();
  });
});
