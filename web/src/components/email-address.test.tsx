import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('reads as the address and offers line breaks only after the @ and before the domain’s dots', () => {
    const { container } = render(<EmailAddress value="anna.de.vries@bakkerij-de-vries.example.nl" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('anna.de.vries@bakkerij-de-vries.example.nl');
    expect(span.innerHTML).toBe('anna.de.vries<wbr>@bakkerij-de-vries<wbr>.example<wbr>.nl');
  });
  it('shows a value without an @ as it is', () => {
    const { container } = render(<EmailAddress value="not-an-address" />);
    expect(container.firstElementChild!.innerHTML).toBe('not-an-address');
  });
});
