import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type BillingStatus } from '@reviewroute/shared';
import { cn } from '@/lib/utils';

const icons = { completed: CircleCheck, pending: Clock, failed: CircleX } as const;
const tones: Record<BillingStatus, string> = {
  completed: 'text-green-700',
  pending: 'text-amber-700',
  failed: 'text-red-700',
};

/** A payment's status (spec 3, 4): its own icon and its name, so colour is never the only signal. */
export function PaymentStatus({ status, className }: { status: BillingStatus; className?: string }) {
  const { t } = useTranslation('billing');
  const Icon = icons[status];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-sm font-medium', tones[status], className)}
      data-status={status}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {t(`billingTab.statuses.${status}`)}
    </span>
  );
}
