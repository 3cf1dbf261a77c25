import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@testing/render';
import { SendForm, type SendSettings } from './send-form';

function renderForm(path = '/review-requests') {
  const onSend = vi.fn<(settings: SendSettings) => Promise<boolean>>(async () => true);
  renderWithApp(
    <SendForm
      businessName="Bakkerij Jansen"
      landingPageUrl="https://app.example/surveys/abcdefgh/bakkerij-jansen"
      surveyLanguage="en"
      previewCustomer={{ name: 'Anna de Vries', language: 'en' }}
      readyCount={1}
      busy={false}
      error={null}
      onSend={onSend}
    />,
    { path },
  );
  return { onSend, user: userEvent.setup() };
}

describe('the text message in the send form', () => {
  it('shows the standard text with its short link and opt-out, one of two texts', () => {
    renderForm();
    expect(screen.getByTestId('text-message-preview').textContent).toContain(
      'Thanks for visiting us! Share your experience: http',
    );
    expect(screen.getByTestId('text-message-preview').textContent).toContain('STOP: ');
    expect(screen.getByTestId('sms-counter').textContent).toMatch(/^\d+ characters · 1 of 2 text messages$/);
  });

  it('counts characters and segments as the owner types and refuses a third segment with the limit named', async () => {
    const { user, onSend } = renderForm();
    await user.click(screen.getByRole('switch', { name: 'Write my own text message' }));
    const field = screen.getByRole('textbox', { name: 'Text message' });
    await user.clear(field);
    await user.type(field, 'Hi {name}, thanks! {{url}');
    expect(screen.getByTestId('sms-counter').textContent).toMatch(/· 1 of 2 text messages$/);
    await user.click(field);
    await user.paste(` ${'a'.repeat(120)}`);
    expect(screen.getByTestId('sms-counter').textContent).toMatch(/· 2 of 2 text messages$/);
    // An emoji turns every text into UCS-2: 67 characters per part, so the same text needs four.
    await user.paste(' 😀');
    expect(screen.getByTestId('sms-counter').textContent).toMatch(
      /· 4 of 2 text messages · At most 2 text messages long: shorten the message$/,
    );
    expect(screen.getByText(/An emoji or a special character/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Send to 1 customer/ }));
    await waitFor(() =>
      expect(screen.getAllByText('At most 2 text messages long: shorten the message').length).toBeGreaterThan(0),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the owner’s text message with the batch, and says it in Dutch on a Dutch page', async () => {
    const { user, onSend } = renderForm('/nl/review-requests');
    await user.click(screen.getByRole('switch', { name: 'Mijn eigen sms-tekst schrijven' }));
    const field = screen.getByRole('textbox', { name: 'Sms-tekst' });
    await user.clear(field);
    await user.type(field, 'Bedankt {{name}! {{url}');
    expect(screen.getByTestId('sms-counter').textContent).toMatch(/tekens · 1 van 2 sms-berichten$/);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Versturen|Verstuur/ }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(onSend.mock.calls[0]![0]).toMatchObject({ smsTemplate: 'Bedankt {name}! {url}' });
  });
});
