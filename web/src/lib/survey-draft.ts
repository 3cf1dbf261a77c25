import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { surveySchema, surveyWizardDefaults, type Survey } from '@reviewroute/shared';

/**
 * The wizard draft (spec 3 "Wizard draft data", spec 4 "Wizard"): kept in local storage under
 * `surveyWizardData` on every change and cleared on completion or reset. It lives in lib/ because the
 * dashboard sidebar writes it too ("Edit Survey" loads a survey into it).
 */
export const surveyDraftStorageKey = 'surveyWizardData';

/**
 * The survey fields a draft holds: those of a fresh draft, typed as the survey has them. Colours are kept as
 * typed (a half-typed `#12` too): the form checks them, the preview paints the default until they are whole.
 */
const draftFieldsSchema = surveySchema
  .pick(fieldMask(surveyWizardDefaults))
  .extend({ customColors: z.object({ primaryColor: z.string(), backgroundColor: z.string() }) });

/** What a stored draft may hold; anything unreadable falls back to a fresh draft's value, field by field. */
const storedDraftSchema = z.object({
  /** The server survey this draft edits; null until step 1 was saved. */
  surveyId: z.string().nullable().catch(null),
  ...withFallbacks(draftFieldsSchema.shape, surveyWizardDefaults),
});

export type SurveyDraft = z.infer<typeof storedDraftSchema>;

export const emptySurveyDraft = (): SurveyDraft => ({ surveyId: null, ...structuredClone(surveyWizardDefaults) });

/** The draft of a stored survey ("Edit Survey"), so the wizard edits that survey. */
export const draftFromSurvey = (survey: Survey): SurveyDraft =>
  storedDraftSchema.parse({ ...survey, surveyId: survey.id });

/** The draft's values of an object schema's fields: a step form's starting values, a re-created survey's fields. */
export function draftValuesOf<Shape extends z.ZodRawShape>(
  draft: SurveyDraft,
  schema: { shape: Shape },
): Pick<SurveyDraft, keyof Shape & keyof SurveyDraft> {
  const fields = Object.keys(schema.shape).filter((key): key is keyof SurveyDraft => key in draft);
  return Object.fromEntries(fields.map((key) => [key, draft[key]])) as Pick<
    SurveyDraft,
    keyof Shape & keyof SurveyDraft
  >;
}

/** `{ a: true, b: true }` for an object `{ a, b }`: the mask zod's `pick` takes. */
function fieldMask<T extends object>(fields: T): { [K in keyof T]: true } {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, true])) as { [K in keyof T]: true };
}

/** Each field of `shape` falling back to its value in `fallbacks` (a fresh copy) when it cannot be read. */
function withFallbacks<Shape extends z.ZodRawShape>(
  shape: Shape,
  fallbacks: { [K in keyof Shape]: z.output<Shape[K]> },
): { [K in keyof Shape]: z.ZodCatch<Shape[K] & z.ZodType> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      (field as z.ZodType).catch(() => structuredClone(fallbacks[key as keyof Shape])),
    ]),
  ) as { [K in keyof Shape]: z.ZodCatch<Shape[K] & z.ZodType> };
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

/** Only the revision: re-renders when the draft is replaced as a whole, not on every keystroke. */
export function useSurveyDraftRevision(): number {
  return useSyncExternalStore(surveyDraftStore.subscribe, () => surveyDraftStore.getSnapshot().revision);
}
