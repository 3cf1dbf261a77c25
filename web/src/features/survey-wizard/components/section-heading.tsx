import { type ReactNode } from 'react';

/** The heading of a page section outside a card, with one line of description below it. */
export function SectionHeading({ id, title, description }: { id: string; title: ReactNode; description: ReactNode }) {
  return (
    <div className="grid gap-1">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-muted-foreground text-sm">{description}</p>
    </div>
  );
}
