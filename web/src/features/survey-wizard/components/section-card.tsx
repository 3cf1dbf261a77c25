import { type ComponentProps, type ReactNode } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface SectionCardProps extends Omit<ComponentProps<typeof Card>, 'title'> {
  title: ReactNode;
  /** The heading's id, for a form labelled by it. */
  titleId?: string;
  /** h2 for a page's sections, h3 inside one. */
  level?: 2 | 3;
  titleClassName?: string;
  icon?: ReactNode;
  description?: ReactNode;
  /** A button at the top right. */
  action?: ReactNode;
  contentClassName?: string;
}

/** A titled card of the wizard's pages: heading (with an optional icon), description, action, content. */
export function SectionCard({
  title,
  titleId,
  level = 2,
  titleClassName,
  icon,
  description,
  action,
  contentClassName,
  children,
  ...props
}: SectionCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card {...props}>
      {/* On a phone the action goes under the title and description: beside them it squeezes a long title
          (Dutch especially) into a column a few words wide. */}
      <CardHeader className="max-sm:has-data-[slot=card-action]:grid-cols-1">
        <CardTitle>
          <Heading
            id={titleId}
            className={cn('flex items-center gap-2', level === 2 ? 'text-lg' : 'text-base', titleClassName)}
          >
            {icon}
            {title}
          </Heading>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        {action && (
          <CardAction className="max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-auto max-sm:justify-self-start">
            {action}
          </CardAction>
        )}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
