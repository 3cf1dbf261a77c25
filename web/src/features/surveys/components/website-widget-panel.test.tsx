import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { widgetSnippet } from '@reviewroute/shared';
import { renderWithApp } from '@testing/render';
import { WebsiteWidgetPanel } from './website-widget-panel';

describe('WebsiteWidgetPanel', () => {
  it('copies the script snippet of the survey in its link, and offers the iframe', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApp(<WebsiteWidgetPanel url="https://app.example/nl/surveys/abcdefgh/bakkerij" idPrefix="t" />);
    const script = widgetSnippet('https://app.example', 'abcdefgh', 'nl', 'script');
    expect((screen.getByLabelText('Snippet with a script (recommended)') as HTMLTextAreaElement).value).toBe(script);
    expect(script).toContain('src="https://app.example/widget.js" data-survey="abcdefgh"');
    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(writeText).toHaveBeenCalledWith(script);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Iframe' }));
    const frame = (await screen.findByLabelText('Snippet with an iframe')) as HTMLTextAreaElement;
    expect(frame.value).toBe(widgetSnippet('https://app.example', 'abcdefgh', 'nl', 'iframe'));
    // The survey's language names the frame, whatever the owner's interface speaks.
    expect(frame.value).toContain('title="Klantbeoordelingen"');
    expect(screen.getByRole('link', { name: /Preview the widget/ }).getAttribute('href')).toBe(
      'https://app.example/widget.html?survey=abcdefgh',
    );
  });

  it('speaks Dutch in the Dutch interface', () => {
    renderWithApp(<WebsiteWidgetPanel url="https://app.example/surveys/abcdefgh/bakery" idPrefix="t" />, {
      path: '/nl/dashboard',
    });
    expect(screen.getByRole('heading', { name: 'Toon je beoordelingen op je website' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fragment kopiëren' })).toBeTruthy();
  });
});
