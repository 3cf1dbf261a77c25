import { Check, Copy, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  languageOfSurveyLink,
  surveyPathPattern,
  widgetFramePath,
  widgetSnippet,
  widgetSnippetVariants,
  type WidgetSnippetVariant,
} from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useCopyButton } from '@/hooks/use-copy-button';

interface WebsiteWidgetPanelProps {
  /** The survey's public link: its origin, code and language are the widget's. */
  url: string;
  /** Makes the panel's field ids unique on a page that shows it more than once. */
  idPrefix: string;
  /** Without its own heading and description: a page section that has them already (the wizard's card). */
  titled?: boolean;
}

/**
 * The reviews widget's snippet for the owner's website (decisions 27), both variants (the script, and the iframe
 * for site builders that refuse scripts), each with its copy button and a preview of the widget. The snippet is
 * built by shared's `widgetSnippet`, as the widget's own script reads it. The wizard's last step and the
 * dashboard show it.
 */
export function WebsiteWidgetPanel({ url, idPrefix, titled = true }: WebsiteWidgetPanelProps) {
  const { t } = useTranslation();
  const link = new URL(url);
  const surveyCode = decodeURIComponent(surveyPathPattern.exec(link.pathname)?.[1] ?? '');
  if (!surveyCode) return null;
  const language = languageOfSurveyLink(url);
  const preview = `${link.origin}${widgetFramePath}?survey=${encodeURIComponent(surveyCode)}`;
  return (
    <div className="grid gap-3" data-testid="website-widget-panel">
      {titled && (
        <>
          <h3 className="text-base font-semibold">{t('widget.title')}</h3>
          <p className="text-muted-foreground text-sm">{t('widget.description')}</p>
        </>
      )}
      <Tabs defaultValue="script" className="grid gap-3">
        <TabsList className="w-fit">
          {widgetSnippetVariants.map((variant) => (
            <TabsTrigger key={variant} value={variant}>
              {t(`widget.${variant}.tab`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {widgetSnippetVariants.map((variant) => (
          <TabsContent key={variant} value={variant} className="grid gap-2">
            <SnippetField
              id={`${idPrefix}-widget-${variant}`}
              variant={variant}
              snippet={widgetSnippet(link.origin, surveyCode, language, variant)}
            />
          </TabsContent>
        ))}
      </Tabs>
      <Button asChild variant="link" className="h-auto w-fit p-0 has-[>svg]:px-0">
        <a href={preview} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" />
          {t('widget.preview')}
          <span className="sr-only"> {t('share.opensInNewTab')}</span>
        </a>
      </Button>
    </div>
  );
}

function SnippetField({ id, variant, snippet }: { id: string; variant: WidgetSnippetVariant; snippet: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyButton();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {t(`widget.${variant}.label`)}
      </label>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {t(`widget.${variant}.hint`)}
      </p>
      <Textarea
        id={id}
        readOnly
        value={snippet}
        rows={variant === 'script' ? 4 : 3}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        className="resize-none font-mono text-xs break-all"
        data-testid={`widget-snippet-${variant}`}
      />
      <Button type="button" variant="outline" onClick={() => void copy(snippet)} className="w-fit">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <span aria-live="polite">{copied ? t('share.copied') : t('widget.copy')}</span>
      </Button>
    </>
  );
}
