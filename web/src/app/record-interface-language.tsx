import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Language } from '@reviewroute/shared';
import { profileQueryOptions } from '@/features/account/api/profile';
import { call } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

/**
 * Records on the profile the interface language the signed-in owner is using (the switcher, or a `/nl` page), so
 * every mail to the owner is in it (decisions 23). Only when it differs from the recorded one: one write per
 * change of language, none per page.
 */
export function RecordInterfaceLanguage() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { data: profile } = useQuery(profileQueryOptions());
  // The language a write is under way for: the profile still reads the old one until it answers.
  const recording = useRef<Language | null>(null);

  useEffect(() => {
    if (!profile || profile.language === language || recording.current === language) return;
    recording.current = language;
    call('update-profile', { body: { language } })
      .then((saved) => queryClient.setQueryData(profileQueryOptions().queryKey, saved))
      // Not worth an error on the page: the next page the owner opens tries again.
      .catch(() => undefined)
      .finally(() => {
        recording.current = null;
      });
  }, [profile, language, queryClient]);

  return null;
}
