import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type Language } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { routeQueryOptions } from '@/lib/route-query';
import { useLanguage } from '@/lib/use-language';

/**
 * Records on the profile the interface language the signed-in owner is using (the switcher, or a `/nl` page), so
 * every mail to the owner is in it (decisions 23). Only when it differs from the recorded one: one write per
 * change of language, none per page.
 */
export function RecordInterfaceLanguage() {
  const language = useLanguage();
  const { data: profile } = useQuery(routeQueryOptions('get-profile'));
  // The language last sent (or being sent). The cached profile is left as it is: replacing it would reset the
  // profile tab's form under an owner who is typing in it; its next read brings the recorded language anyway.
  const sent = useRef<Language | null>(null);

  useEffect(() => {
    if (!profile || profile.language === language || sent.current === language) return;
    sent.current = language;
    call('update-profile', { body: { language } }).catch(() => {
      // Not worth an error on the page: the next time the profile is read, or the language changes, tries again.
      if (sent.current === language) sent.current = null;
    });
  }, [profile, language]);

  return null;
}
