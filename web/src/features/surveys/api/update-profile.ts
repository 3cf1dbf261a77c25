import { pathOf, profileSchema, type ProfileUpdateInput } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

/**
 * The app's one profile write is onboarding's "survey URL copied" flag (decisions 9), set from the survey
 * link panel that the wizard and the dashboard share: so the call lives with the surveys.
 */
export const updateProfile = (input: ProfileUpdateInput) =>
  apiFetch(pathOf('update-profile'), { method: 'PATCH', body: input, schema: profileSchema });
