import { Check, Circle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { passwordPolicy, passwordRuleResults } from '@reviewroute/shared';
import { cn } from '@/lib/utils';

interface PasswordChecklistProps {
  /** The list's id, for the password input's aria-describedby. */
  id: string;
  password: string;
  /** The form was submitted with rules unmet: those turn red. */
  invalid: boolean;
}

/** The user pool's password policy as a checklist that follows what the owner types (sign-up and password reset). */
export function PasswordChecklist({ id, password, invalid }: PasswordChecklistProps) {
  const { t } = useTranslation('auth');
  const titleId = `${id}-title`;
  return (
    <div id={id} className="grid gap-1.5" data-testid="password-checklist">
      <p id={titleId} className="text-muted-foreground text-xs font-medium">
        {t('passwordChecklist.title')}
      </p>
      <ul aria-labelledby={titleId} className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
        {passwordRuleResults(password).map(({ rule, met }) => {
          const Icon = met ? Check : invalid ? X : Circle;
          return (
            <li
              key={rule}
              data-rule={rule}
              data-met={met}
              className={cn(
                'flex items-start gap-1.5',
                met ? 'text-green-700' : invalid ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              <Icon aria-hidden="true" className={cn('mt-px size-3.5 shrink-0', !met && !invalid && 'scale-75')} />
              <span>
                <span className="sr-only">{met ? t('passwordChecklist.met') : t('passwordChecklist.unmet')} </span>
                {t(`passwordChecklist.rules.${rule}`, { min: passwordPolicy.minLength })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
