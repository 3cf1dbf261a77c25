import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { languages } from '@reviewroute/shared/domain';
import { LanguageFlag } from '@/components/language-flag';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { localizePath, parseLanguage, storeLanguage } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/**
 * Shows the current language with its flag (`compact`: the flag only on phones); choosing one stores it (the stored choice wins from then on)
 * and moves to the same page in that language.
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('common');
  const current = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  const choose = (value: string) => {
    const language = parseLanguage(value);
    if (!language) return;
    storeLanguage(language);
    if (language !== current) {
      void navigate(localizePath(`${location.pathname}${location.search}${location.hash}`, language));
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className={cn('gap-1.5', className)}
          aria-label={t('language.switcherLabel', { language: t(`language.${current}`) })}
          data-testid="language-switcher"
        >
          <LanguageFlag language={current} />
          {/* The button's label names the language; a crowded phone header shows the flag only. */}
          <span className={cn(compact && 'max-sm:hidden')}>{t(`language.${current}`)}</span>
          <ChevronDown aria-hidden="true" className="size-3.5 opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={current} onValueChange={choose}>
          {languages.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              <LanguageFlag language={language} />
              {t(`language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
