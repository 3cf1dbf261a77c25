import * as React from 'react';
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from 'lucide-react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

// The app ships a single light theme (no next-themes), so the theme is fixed rather than read from context.
const Toaster = ({ ...props }: ToasterProps) => {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          // Sonner's stock richColors text colours sit at ~4-4.4:1 on their tinted backgrounds (axe color-contrast
          // fails); darker shades of the same hues keep AA. Inline vars win over sonner's injected stylesheet.
          '--success-text': 'oklch(0.448 0.119 151.328)',
          '--info-text': 'oklch(0.424 0.199 265.638)',
          '--warning-text': 'oklch(0.473 0.137 46.201)',
          '--error-text': 'oklch(0.505 0.213 27.518)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
};

export { Toaster };
