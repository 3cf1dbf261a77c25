import { type LucideIcon } from 'lucide-react';
import { type ReactNode } from 'react';

interface AuthStepHeadingProps {
  icon: LucideIcon;
  /** The heading's id: the step's form is labelled by it. */
  id: string;
  title: string;
  /** The line under the title; left out when there is none. */
  description?: ReactNode;
}

/** The centred icon, title and explanation above a sign-in step (confirm the address, a TOTP code, a reset). */
export function AuthStepHeading({ icon: Icon, id, title, description }: AuthStepHeadingProps) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <Icon aria-hidden="true" className="text-primary size-10" />
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {description}
    </div>
  );
}
