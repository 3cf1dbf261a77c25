import { type ProfileUpdateInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

/**
 * The app's one profile write is onboarding's "survey URL copied" flag (decisions 9), set from the survey
 * link panel that the wizard and the dashboard share: so the call lives with the surveys.
 */
export const updateProfile = (input: ProfileUpdateInput) => call('update-profile', { body: input });
