import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

import {
  Sidebar,
  SidebarContent,
  SidebarProvider,
  SidebarTrigger,
  getSidebarStateFromCookie,
  useSidebar,
} from '@/components/ui/sidebar';

function StateProbe() {
  const { state } = useSidebar();
  return <output data-testid="state">{state}</output>;
}

function renderSidebar(props: { defaultOpen?: boolean; label?: string } = {}) {
  return render(
    <SidebarProvider defaultOpen={props.defaultOpen}>
      <Sidebar>
        <SidebarContent>content</SidebarContent>
      </Sidebar>
      <main>
        <SidebarTrigger label={props.label} />
        <StateProbe />
      </main>
    </SidebarProvider>,
  );
}

/** Records every string assigned to document.cookie (reading it back drops attributes like max-age). */
function recordCookieWrites() {
  const writes: string[] = [];
  let proto: object | null = Object.getPrototypeOf(document) as object | null;
  let descriptor: PropertyDescriptor | undefined;
  while (proto && !descriptor) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  if (!descriptor?.get || !descriptor.set) throw new Error('document.cookie accessor not found');
  const { get, set } = descriptor;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => get.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      set.call(document, value);
    },
  });
  return writes;
}

afterEach(() => {
  cleanup();
  // Drop the own-property override so the next test sees the real accessor again.
  delete (document as { cookie?: string }).cookie;
  document.cookie = 'sidebar_state=; path=/; max-age=0';
  vi.restoreAllMocks();
});

describe('SidebarProvider', () => {
  it('toggles with Ctrl+B and persists the state in the sidebar_state cookie for 7 days', () => {
    const writes = recordCookieWrites();
    renderSidebar();
    expect(screen.getByTestId('state').textContent).toBe('expanded');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });

    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^sidebar_state=false;/);
    expect(writes[0]).toContain('max-age=604800');
    expect(writes[0]).toContain('path=/');
    expect(getSidebarStateFromCookie(document.cookie)).toBe(false);

    fireEvent.keyDown(window, { key: 'b', metaKey: true });

    expect(screen.getByTestId('state').textContent).toBe('expanded');
    expect(writes[1]).toMatch(/^sidebar_state=true;.*max-age=604800/);
    expect(getSidebarStateFromCookie(document.cookie)).toBe(true);
  });

  it('ignores a plain "b" without a modifier', () => {
    renderSidebar();
    fireEvent.keyDown(window, { key: 'b' });
    expect(screen.getByTestId('state').textContent).toBe('expanded');
  });

  it('starts from defaultOpen so the app can restore the cookie state at boot', () => {
    renderSidebar({ defaultOpen: getSidebarStateFromCookie('theme=x; sidebar_state=false') });
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    expect(getSidebarStateFromCookie('')).toBe(true);
  });
});

describe('SidebarTrigger', () => {
  it('has an accessible name, default and translated, and toggles on click', () => {
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Toggle Sidebar' });
    fireEvent.click(trigger);
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    cleanup();

    renderSidebar({ label: 'Seitenleiste umschalten' });
    expect(screen.getByRole('button', { name: 'Seitenleiste umschalten' })).toBeTruthy();
  });
});
