import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Language, languages } from '@reviewroute/shared/domain';
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

export const languageFlags: Record<Language, string> = { en: '🇬🇧', nl: '🇳🇱' };

/**
 * Shows the current language with its flag; choosing one stores it (the stored choice wins from then on)
 * and moves to the same page in that language.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
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
          <span aria-hidden="true">{languageFlags[current]}</span>
          <span>{t(`language.${current}`)}</span>
          <ChevronDown aria-hidden="true" className="size-3.5 opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={current} onValueChange={choose}>
          {languages.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              <span aria-hidden="true">{languageFlags[language]}</span>
              {t(`language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
