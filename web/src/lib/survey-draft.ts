import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { surveyDefaultTexts, surveySchema, surveyWizardDefaults, type Survey } from '@reviewroute/shared';

/**
 * The wizard draft (spec 3 "Wizard draft data", spec 4 "Wizard"): kept in local storage under
 * `surveyWizardData` on every change and cleared on completion or reset. Each survey has a draft of its own
 * (and the survey not saved yet one more), so "Create New Survey" never continues in, and never saves into,
 * a survey opened with "Edit Survey". It lives in lib/ because the dashboard sidebar writes it too ("Edit
 * Survey" loads a survey into it, "Delete Survey" removes its draft).
 */
export const surveyDraftStorageKey = 'surveyWizardData';

/**
 * The survey fields a draft holds: those of a fresh draft, typed as the survey has them. Colours are kept as
 * typed (a half-typed `#12` too): the form checks them, the preview paints the default until they are whole.
 */
const draftFieldsSchema = surveySchema
  .pick(fieldMask(surveyWizardDefaults))
  .extend({ customColors: z.object({ primaryColor: z.string(), backgroundColor: z.string() }) });

/** The steps whose values a save stores (the last one, sharing, has nothing to save). */
export const savedStepIds = ['business', 'landing', 'routing'] as const;
export type SavedStepId = (typeof savedStepIds)[number];

/** What a stored draft may hold; anything unreadable falls back to a fresh draft's value, field by field. */
const storedDraftSchema = z.object({
  /** The server survey this draft edits; null until step 1 was saved. */
  surveyId: z.string().nullable().catch(null),
  /** The steps saved from this draft (or found complete on the server): the step indicator ticks these only. */
  savedSteps: z.array(z.enum(savedStepIds)).catch([]),
  ...withFallbacks(draftFieldsSchema.shape, surveyWizardDefaults),
});

export type SurveyDraft = z.infer<typeof storedDraftSchema>;

/**
 * Which draft: a survey's id, or `new` for the survey that is not saved yet. Each survey has its own draft,
 * so a new survey never continues in (and never saves into) a survey that was opened for editing.
 */
export type SurveyDraftKey = string;
export const newSurveyDraftKey: SurveyDraftKey = 'new';
export const draftKeyOf = (surveyId: string | null | undefined): SurveyDraftKey => surveyId || newSurveyDraftKey;

export const emptySurveyDraft = (): SurveyDraft => ({
  surveyId: null,
  savedSteps: [],
  ...structuredClone(surveyWizardDefaults),
});

/**
 * The draft of a stored survey ("Edit Survey"), so the wizard edits that survey. A saved survey has step 1
 * done; a published one passed every step.
 */
export const draftFromSurvey = (survey: Survey): SurveyDraft =>
  storedDraftSchema.parse({
    ...survey,
    // A default text the survey has none of (stored before that text existed) starts at its language's default.
    ...Object.fromEntries(
      Object.entries(surveyDefaultTexts[survey.language]).filter(([key]) => survey[key as keyof Survey] === ''),
    ),
    surveyId: survey.id,
    savedSteps: survey.status === 'active' ? [...savedStepIds] : ['business'],
  });

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

/**
 * Storage holds every draft under `surveyWizardData` as `{ drafts: { [key]: draft } }`. An older single draft
 * (the draft object itself) is read as the draft of the survey it names.
 */
type StoredDrafts = Record<SurveyDraftKey, unknown>;

function readAll(storage: Storage | undefined): StoredDrafts {
  try {
    const raw = storage?.getItem(surveyDraftStorageKey);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    if ('drafts' in parsed) {
      const { drafts } = parsed as { drafts: unknown };
      return drafts && typeof drafts === 'object' ? (drafts as StoredDrafts) : {};
    }
    const legacy = parsed as { surveyId?: unknown };
    return { [draftKeyOf(typeof legacy.surveyId === 'string' ? legacy.surveyId : null)]: parsed };
  } catch {
    return {};
  }
}

function writeAll(storage: Storage | undefined, drafts: StoredDrafts): void {
  try {
    if (Object.keys(drafts).length === 0) storage?.removeItem(surveyDraftStorageKey);
    else storage?.setItem(surveyDraftStorageKey, JSON.stringify({ drafts }));
  } catch {
    // A full or blocked storage keeps the draft in memory only.
  }
}

/** The stored draft of `key`, parsed; undefined when none is stored (or it is not a draft at all). */
function readStored(key: SurveyDraftKey, storage: Storage | undefined): SurveyDraft | undefined {
  const raw = readAll(storage)[key];
  if (!raw || typeof raw !== 'object') return undefined;
  const parsed = storedDraftSchema.safeParse({ ...emptySurveyDraft(), ...raw });
  if (!parsed.success) return undefined;
  // The key decides which survey a draft saves into, whatever the stored value says.
  return { ...parsed.data, surveyId: key === newSurveyDraftKey ? null : key };
}

/** Reads the stored draft of `key` (default: the new survey's); a missing or unparsable one gives a fresh draft. */
export function readSurveyDraft(
  key: SurveyDraftKey = newSurveyDraftKey,
  storage: Storage | undefined = safeStorage(),
): SurveyDraft {
  return readStored(key, storage) ?? { ...emptySurveyDraft(), surveyId: key === newSurveyDraftKey ? null : key };
}

/** True when the current draft is stored (the owner has changed something since the last clear). */
export function hasStoredSurveyDraft(storage: Storage | undefined = safeStorage()): boolean {
  return draftKeyOf(surveyDraftStore.getSnapshot().draft.surveyId) in readAll(storage);
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
  /** The draft the wizard shows now: the one of the survey in the wizard's address (see `open`). */
  draft: SurveyDraft;
  /**
   * Bumped when the draft is replaced as a whole (reset, "Edit Survey", another survey opened), not on
   * edits: forms key on it to re-read their values, so typing never re-mounts a form.
   */
  revision: number;
}

type Listener = () => void;

/** One store per page: the wizard steps and the sidebar see the same draft at once. */
function createSurveyDraftStore() {
  let snapshot: SurveyDraftSnapshot | undefined;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());

  const current = (): SurveyDraftSnapshot => (snapshot ??= { draft: readSurveyDraft(newSurveyDraftKey), revision: 0 });
  const store = (draft: SurveyDraft, { moveFrom }: { moveFrom?: SurveyDraftKey } = {}) => {
    const storage = safeStorage();
    const drafts = readAll(storage);
    const key = draftKeyOf(draft.surveyId);
    if (moveFrom !== undefined && moveFrom !== key) delete drafts[moveFrom];
    drafts[key] = draft;
    writeAll(storage, drafts);
  };
  const remove = (key: SurveyDraftKey) => {
    const storage = safeStorage();
    const drafts = readAll(storage);
    if (!(key in drafts)) return;
    delete drafts[key];
    writeAll(storage, drafts);
  };
  const clear = () => {
    remove(draftKeyOf(current().draft.surveyId));
    snapshot = { draft: readSurveyDraft(newSurveyDraftKey), revision: current().revision + 1 };
    notify();
  };

  return {
    getSnapshot: current,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Changes some fields (every keystroke of the wizard). A new id (the new survey's first save, or a
     * re-created survey) moves the draft to that survey's key: the `new` draft is then empty again.
     */
    update(patch: Partial<SurveyDraft>) {
      const { draft, revision } = current();
      const next = { ...draft, ...patch };
      snapshot = { draft: next, revision };
      store(next, { moveFrom: draftKeyOf(draft.surveyId) });
      notify();
    },
    /**
     * Makes `draft` the current one (its key comes from its survey id), without touching the other drafts;
     * open forms re-read it. `persist: false` only presents it (e.g. the defaults in the page's language, a
     * survey as the server has it): storage is written at the owner's first change, so a cleared draft stays
     * cleared.
     */
    replace(draft: SurveyDraft, { persist = true }: { persist?: boolean } = {}) {
      snapshot = { draft, revision: current().revision + 1 };
      if (persist) store(draft);
      notify();
    },
    /**
     * Makes the stored draft of `key` the current one (the wizard's address names the survey); the new
     * survey's draft always opens (empty when none is stored). False when a survey has no stored draft: the
     * current draft stays, and the caller loads the survey from the server (then `replace`). Opening the
     * current key again changes nothing.
     */
    open(key: SurveyDraftKey): boolean {
      const { draft, revision } = current();
      if (draftKeyOf(draft.surveyId) === key) return true;
      const stored = key === newSurveyDraftKey ? readSurveyDraft(key) : readStored(key, safeStorage());
      if (!stored) return false;
      snapshot = { draft: stored, revision: revision + 1 };
      notify();
      return true;
    },
    /** Completion or reset: the current draft is removed; the wizard is back at the new survey's draft. */
    clear,
    /** A deleted survey: its draft goes too (and stops being the current one). */
    discard(surveyId: string) {
      if (current().draft.surveyId === surveyId) clear();
      else remove(surveyId);
    },
    /** Tests: re-read the current draft from storage, as a reload of the same address does. */
    reload() {
      const key = snapshot ? draftKeyOf(snapshot.draft.surveyId) : newSurveyDraftKey;
      snapshot = { draft: readSurveyDraft(key), revision: (snapshot?.revision ?? 0) + 1 };
      notify();
    },
  };
}

export const surveyDraftStore = createSurveyDraftStore();

export function useSurveyDraft(): SurveyDraftSnapshot {
  return useSyncExternalStore(surveyDraftStore.subscribe, surveyDraftStore.getSnapshot);
}

/** One value of the current draft (a string, a number: compared with Object.is); re-renders when it changes. */
export function useSurveyDraftValue<T>(select: (draft: SurveyDraft) => T): T {
  return useSyncExternalStore(surveyDraftStore.subscribe, () => select(surveyDraftStore.getSnapshot().draft));
}

/** Only the revision: re-renders when the draft is replaced as a whole, not on every keystroke. */
export function useSurveyDraftRevision(): number {
  return useSyncExternalStore(surveyDraftStore.subscribe, () => surveyDraftStore.getSnapshot().revision);
}
