import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@testing/render';
import { MessagePreview } from './message-preview';

const preview = (language: 'en' | 'nl', customerName: string | null, page = '/review-requests') => {
  renderWithApp(
    <MessagePreview
      businessName="Bakkerij Jansen"
      landingPageUrl="https://app.example/surveys/abcdefgh/bakkerij-jansen"
      language={language}
      customerName={customerName}
      template={null}
    />,
    { path: page },
  );
  return screen.getByTestId('message-preview').textContent;
};

describe('the request preview', () => {
  it('greets a sample customer before any is added, in the customer’s language, never the owner', () => {
    expect(preview('en', null)).toMatch(/^Hi Sam, thank you for choosing our service!/);
  });

  it('greets the sample customer in Dutch on an English page for a Dutch survey', () => {
    expect(preview('nl', null)).toMatch(/^Hoi Sanne, bedankt dat je voor ons hebt gekozen!/);
  });

  it('greets the first customer by first name, as the mail will', () => {
    expect(preview('en', 'Anna de Vries', '/nl/review-requests')).toMatch(/^Hi Anna, thank you/);
  });
});
