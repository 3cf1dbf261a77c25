import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OneTimeCodeField } from './one-time-code-field';

afterEach(cleanup);

describe('OneTimeCodeField', () => {
  it('asks for a 6-digit code the browser may fill in, described by its help line', () => {
    render(<OneTimeCodeField appearance="prominent" id="code" label="Code" help="From the e-mail" />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveProperty('inputMode', 'numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('code-help');
    expect(document.getElementById('code-help')?.textContent).toBe('From the e-mail');
  });

  it('marks the input invalid and ties the error to it after the help', () => {
    render(<OneTimeCodeField appearance="inline" id="code" label="Code" help="Help" error="Enter 6 digits" />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('code-help code-error');
    expect(document.getElementById('code-error')?.textContent).toBe('Enter 6 digits');
  });

  it('has no description without help or error', () => {
    render(<OneTimeCodeField appearance="inline" id="code" label="Code" />);
    expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('aria-describedby')).toBeNull();
  });
});
