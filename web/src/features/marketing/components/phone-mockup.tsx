import { BellRing, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const starPath =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55-4.76-4.64 6.58-.96L12 2.5z';

/**
 * The product itself as the hero illustration: the public survey page as a customer sees it on a phone
 * (business header, step dots, the question, five chosen stars, a comment and the thank-you with the review
 * button), drawn in HTML so it is sharp, light and in the page's language. One image to assistive
 * technology, described by its label.
 */
export function PhoneMockup() {
  const { t } = useTranslation('marketing');
  return (
    <div
      role="img"
      aria-label={t('mockup.label')}
      className="relative mx-auto w-full max-w-[18rem] select-none lg:max-w-[19.5rem]"
    >
      <div className="rounded-[2.75rem] border-[10px] border-neutral-900 bg-neutral-900 shadow-2xl shadow-teal-900/20">
        <div className="overflow-hidden rounded-[2rem] bg-[#f0fdfa]">
          <div className="flex justify-center pt-2">
            <div className="h-5 w-24 rounded-full bg-neutral-900" />
          </div>
          <div className="px-5 pt-4 pb-12">
            <div className="flex items-center gap-2.5">
              <div className="bg-primary text-primary-foreground flex size-9 items-center justify-center rounded-xl text-sm font-bold">
                {t('mockup.business').charAt(0)}
              </div>
              <p className="text-sm font-semibold text-neutral-900">{t('mockup.business')}</p>
            </div>
            <div className="mt-4 flex gap-1.5">
              <span className="bg-primary h-1.5 flex-1 rounded-full" />
              <span className="bg-primary h-1.5 flex-1 rounded-full" />
              <span className="bg-primary/25 h-1.5 flex-1 rounded-full" />
            </div>
            <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm">
              <p className="text-center text-sm font-semibold text-neutral-900">{t('mockup.question')}</p>
              <div className="mt-3 flex justify-center gap-1">
                {[1, 2, 3, 4, 5].map((star) => (
                  <svg key={star} viewBox="0 0 24 24" className="size-7">
                    <path d={starPath} fill="#f59e0b" stroke="#f59e0b" strokeWidth="1.5" strokeLinejoin="round" />
                  </svg>
                ))}
              </div>
              <p className="mt-3 rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2 text-xs text-neutral-700">
                {t('mockup.comment')}
              </p>
            </div>
            <div className="mt-3 rounded-2xl bg-white p-4 text-center shadow-sm">
              <p className="text-xs font-medium text-neutral-800">{t('mockup.thanks')}</p>
              <div className="bg-primary text-primary-foreground mt-3 flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-xs font-semibold">
                <Star aria-hidden="true" className="size-3.5 fill-current" />
                {t('mockup.review')}
              </div>
            </div>
          </div>
        </div>
      </div>
      {/* The owner's side of the same moment: the review arrives on the dashboard. */}
      <div className="absolute -bottom-5 -left-10 hidden items-center gap-2.5 rounded-xl border bg-white px-3 py-2.5 shadow-lg sm:flex lg:-left-24">
        <span className="flex size-8 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <BellRing aria-hidden="true" className="size-4" />
        </span>
        <span className="text-left">
          <span className="block text-xs font-semibold text-neutral-900">{t('mockup.notification')}</span>
          <span className="block text-[11px] text-neutral-600">{t('mockup.notificationDetail')}</span>
        </span>
      </div>
    </div>
  );
}
