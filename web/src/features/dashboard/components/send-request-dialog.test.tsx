import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@testing/render';
import { SendRequestDialog } from './send-request-dialog';

const open = (url: string, path = '/dashboard') =>
  renderWithApp(<SendRequestDialog url={url} open onOpenChange={() => undefined} />, { path });

describe('send-request dialog', () => {
  it('writes the messages in the survey’s language (its link), whatever the interface language', async () => {
    const dutchUrl = 'https://app.example.com/nl/surveys/abcd2345/bakkerij';
    open(dutchUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Send a review request' });
    const sms = within(dialog).getByTestId('sms-template').textContent;
    expect(sms).toBe(`Bedankt voor je bezoek! Deel je ervaring: ${dutchUrl}`);
    expect(within(dialog).getByRole('link', { name: 'Open in mail app' }).getAttribute('href')).toContain(
      `subject=${encodeURIComponent('Hoe heb je het ervaren?')}`,
    );
  });

  it('keeps an English survey’s messages English in the Dutch interface', async () => {
    const url = 'https://app.example.com/surveys/abcd2345/bakery';
    open(url, '/nl/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Een reviewverzoek sturen' });
    expect(within(dialog).getByTestId('sms-template').textContent).toBe(
      `Thanks for visiting us! Share your experience: ${url}`,
    );
  });
});
