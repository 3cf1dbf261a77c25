import { type Language } from '@reviewroute/shared/domain';
import { cn } from '@/lib/utils';

interface LanguageFlagProps {
  language: Language;
  /** The flag's accessible name; without one it is decorative (the text beside it names the language). */
  title?: string;
  className?: string;
}

/**
 * A language's flag as inline SVG: emoji flags render as letters or boxes on many systems (Windows has none).
 * Both flags share a 3:2 box; the Union Jack is cropped to it, as flag icons usually are. The outer <svg>
 * clips its own content, so the wide diagonal strokes need no clip paths (and no ids that could clash).
 */
export function LanguageFlag({ language, title, className }: LanguageFlagProps) {
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const };
  const frame = cn(
    'inline-block h-3 w-[1.125rem] shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.12)]',
    className,
  );
  if (language === 'nl') {
    return (
      <svg viewBox="0 0 9 6" className={frame} focusable="false" data-flag="nl" {...a11y}>
        <rect width="9" height="2" fill="#ae1c28" />
        <rect y="2" width="9" height="2" fill="#fff" />
        <rect y="4" width="9" height="2" fill="#21468b" />
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 60 30"
      preserveAspectRatio="xMidYMid slice"
      className={frame}
      focusable="false"
      data-flag="en"
      {...a11y}
    >
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30M60 0L0 30" stroke="#c8102e" strokeWidth="2" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}
