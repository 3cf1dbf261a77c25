import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { surveyWizardDefaults, type Survey } from '@reviewroute/shared';

/**
 * The wizard draft (spec 3 "Wizard draft data", spec 4 "Wizard"): kept in local storage under
 * `surveyWizardData` on every change and cleared on completion or reset. It lives in lib/ because the
 * dashboard sidebar writes it too ("Edit Survey" loads a survey into it).
 */
export const surveyDraftStorageKey = 'surveyWizardData';

/** What a stored draft may hold; anything unreadable falls back to the defaults field by field. */
const storedDraftSchema = z.object({
  /** The server survey this draft edits; null until step 1 was saved. */
  surveyId: z.string().nullable().catch(null),
  businessName: z.string().catch(''),
  businessOwnerName: z.string().catch(''),
  googleBusinessUrl: z.string().catch(''),
  supportEmail: z.string().catch(''),
  industry: z.string().catch(''),
  customPrompt: z.string().catch(surveyWizardDefaults.customPrompt),
  customColors: z
    .object({ primaryColor: z.string(), backgroundColor: z.string() })
    .catch({ ...surveyWizardDefaults.customColors }),
  businessLogoUrl: z.string().nullable().catch(null),
  lowRatingMessage: z.string().catch(surveyWizardDefaults.lowRatingMessage),
  midRatingMessage: z.string().catch(surveyWizardDefaults.midRatingMessage),
  highRatingMessage: z.string().catch(surveyWizardDefaults.highRatingMessage),
  googleReviewPrompt: z.string().catch(surveyWizardDefaults.googleReviewPrompt),
  lowRatingEnabled: z.boolean().catch(true),
  midRatingEnabled: z.boolean().catch(true),
  highRatingEnabled: z.boolean().catch(true),
  highRatingPhotoUrl: z.string().nullable().catch(null),
  collectContactOnLowRating: z.boolean().catch(false),
  offerPublicReviewToEveryone: z.boolean().catch(false),
});

export type SurveyDraft = z.infer<typeof storedDraftSchema>;

export const emptySurveyDraft = (): SurveyDraft => ({
  surveyId: null,
  ...surveyWizardDefaults,
  customColors: { ...surveyWizardDefaults.customColors },
});

/** The draft of a stored survey ("Edit Survey"), so the wizard edits that survey. */
export function draftFromSurvey(survey: Survey): SurveyDraft {
  return {
    surveyId: survey.id,
    businessName: survey.businessName,
    businessOwnerName: survey.businessOwnerName,
    googleBusinessUrl: survey.googleBusinessUrl,
    supportEmail: survey.supportEmail,
    industry: survey.industry,
    customPrompt: survey.customPrompt,
    customColors: { ...survey.customColors },
    businessLogoUrl: survey.businessLogoUrl,
    lowRatingMessage: survey.lowRatingMessage,
    midRatingMessage: survey.midRatingMessage,
    highRatingMessage: survey.highRatingMessage,
    googleReviewPrompt: survey.googleReviewPrompt,
    lowRatingEnabled: survey.lowRatingEnabled,
    midRatingEnabled: survey.midRatingEnabled,
    highRatingEnabled: survey.highRatingEnabled,
    highRatingPhotoUrl: survey.highRatingPhotoUrl,
    collectContactOnLowRating: survey.collectContactOnLowRating,
    offerPublicReviewToEveryone: survey.offerPublicReviewToEveryone,
  };
}

/** Reads the stored draft; a missing, unparsable or foreign value gives a fresh draft. */
export function readSurveyDraft(storage: Storage | undefined = safeStorage()): SurveyDraft {
  const raw = storage?.getItem(surveyDraftStorageKey);
  if (!raw) return emptySurveyDraft();
  try {
    const parsed = storedDraftSchema.safeParse({ ...emptySurveyDraft(), ...(JSON.parse(raw) as object) });
    return parsed.success ? parsed.data : emptySurveyDraft();
  } catch {
    return emptySurveyDraft();
  }
}

/** True when a draft is stored (the owner has changed something since the last clear). */
export function hasStoredSurveyDraft(storage: Storage | undefined = safeStorage()): boolean {
  try {
    return storage?.getItem(surveyDraftStorageKey) != null;
  } catch {
    return false;
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode): the draft then lives for this page only.
    return undefined;
  }
}

export interface SurveyDraftSnapshot {
  draft: SurveyDraft;
  /**
   * Bumped when the draft is replaced as a whole (reset, "Edit Survey"), not on edits: forms key on it to
   * re-read their values, so typing never re-mounts a form.
   */
  revision: number;
}

type Listener = () => void;

/** One store per page: the wizard steps and the sidebar see the same draft at once. */
function createSurveyDraftStore() {
  let snapshot: SurveyDraftSnapshot | undefined;
  const listeners = new Set<Listener>();

  const current = (): SurveyDraftSnapshot => (snapshot ??= { draft: readSurveyDraft(), revision: 0 });
  const publish = (next: SurveyDraftSnapshot, persist = true) => {
    snapshot = next;
    if (persist) {
      try {
        safeStorage()?.setItem(surveyDraftStorageKey, JSON.stringify(next.draft));
      } catch {
        // A full or blocked storage keeps the draft in memory only.
      }
    }
    listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: current,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes some fields (every keystroke of the wizard). */
    update(patch: Partial<SurveyDraft>) {
      const { draft, revision } = current();
      publish({ draft: { ...draft, ...patch }, revision });
    },
    /**
     * Replaces the whole draft; open forms re-read it. `persist: false` only presents it (e.g. the defaults in
     * the page's language): storage is written at the owner's first change, so a cleared draft stays cleared.
     */
    replace(draft: SurveyDraft, { persist = true }: { persist?: boolean } = {}) {
      publish({ draft, revision: current().revision + 1 }, persist);
    },
    /** Completion or reset: the stored draft is removed and the wizard starts fresh. */
    clear() {
      snapshot = { draft: emptySurveyDraft(), revision: current().revision + 1 };
      try {
        safeStorage()?.removeItem(surveyDraftStorageKey);
      } catch {
        // Nothing stored, nothing to remove.
      }
      listeners.forEach((listener) => listener());
    },
    /** Tests: forget the in-memory copy so the next read comes from storage (as after a reload). */
    reload() {
      snapshot = undefined;
      listeners.forEach((listener) => listener());
    },
  };
}

export const surveyDraftStore = createSurveyDraftStore();

export function useSurveyDraft(): SurveyDraftSnapshot {
  return useSyncExternalStore(surveyDraftStore.subscribe, surveyDraftStore.getSnapshot);
}
