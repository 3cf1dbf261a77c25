import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  surveyDefaultTexts,
  surveySchema,
  surveySetupSteps,
  surveyWizardDefaults,
  type Survey,
} from '@reviewroute/shared';

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
export const savedStepIds = surveySetupSteps;
export type SavedStepId = (typeof savedStepIds)[number];

/** The survey fields a draft holds (its form values). */
export type SurveyDraftField = keyof z.infer<typeof draftFieldsSchema>;
const draftFields = Object.keys(draftFieldsSchema.shape) as SurveyDraftField[];
const isDraftField = (key: string): key is SurveyDraftField => (draftFields as string[]).includes(key);
/** Set by their uploads only, never typed: never "unsaved", never offered. */
const uploadedFields: readonly SurveyDraftField[] = ['businessLogoUrl', 'highRatingPhotoUrl'];

/** Some of a draft's field values: the owner's unsaved changes set aside while the server had a newer version. */
export type SurveyDraftValues = Partial<z.infer<typeof draftFieldsSchema>>;

/** What a stored draft may hold; anything unreadable falls back to a fresh draft's value, field by field. */
const storedDraftSchema = z.object({
  /** The server survey this draft edits; null until step 1 was saved. */
  surveyId: z.string().nullable().catch(null),
  /** The steps saved from this draft (or found complete on the server): the step indicator ticks these only. */
  savedSteps: z.array(z.enum(savedStepIds)).catch([]),
  /**
   * The server's version of the survey these values started from (or were last saved as); an update carries it,
   * so a copy older than the server's is refused instead of overwriting it. Null: not saved yet (or a draft
   * stored before versions, which is never trusted over the server's).
   */
  baseVersion: z.number().int().nonnegative().nullable().catch(null),
  /** The fields the owner changed here since they were last saved: what a newer server version must not lose. */
  unsaved: z
    .array(z.string())
    .catch([])
    .transform((keys) => keys.filter(isDraftField)),
  /**
   * The owner's unsaved changes set aside when the server had a newer version: the wizard shows the server's
   * values and offers these until the owner applies or discards them (never applied silently).
   */
  offered: draftFieldsSchema.partial().nullable().catch(null),
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
  baseVersion: null,
  unsaved: [],
  offered: null,
  ...structuredClone(surveyWizardDefaults),
});

/**
 * The draft of a stored survey ("Edit Survey"), so the wizard edits that survey at its version: the steps the
 * survey records as completed are ticked (a saved survey has step 1 done; a published one passed every step).
 */
export const draftFromSurvey = (survey: Survey): SurveyDraft =>
  storedDraftSchema.parse({
    ...survey,
    // A default text the survey has none of (stored before that text existed) starts at its language's default.
    ...Object.fromEntries(
      Object.entries(surveyDefaultTexts[survey.language]).filter(([key]) => survey[key as keyof Survey] === ''),
    ),
    surveyId: survey.id,
    savedSteps:
      survey.status === 'active'
        ? [...savedStepIds]
        : savedStepIds.filter((step) => step === 'business' || survey.completedSteps.includes(step)),
    baseVersion: survey.version,
    unsaved: [],
    offered: null,
  });

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields among `fields` whose value in `draft` differs from `other`'s, with the draft's values. */
function differing(draft: SurveyDraft, other: SurveyDraft, fields: readonly SurveyDraftField[]): SurveyDraftValues {
  return Object.fromEntries(
    fields
      .filter((key) => !uploadedFields.includes(key) && !sameValue(draft[key], other[key]))
      .map((key) => [key, structuredClone(draft[key])]),
  ) as SurveyDraftValues;
}

/**
 * One truth for a draft: `draft` (this browser's copy) against `server` (the survey as stored). When the server
 * holds the version the draft started from, the draft stands (its unsaved changes are the newest). Otherwise
 * the server's values win, and the draft's unsaved changes (for a draft stored before versions: whatever it
 * holds that differs) are set aside as `offered`, with any offered before.
 */
export function reconciledDraft(draft: SurveyDraft, server: Survey): SurveyDraft {
  if (draft.baseVersion === server.version) return draft;
  const saved = draftFromSurvey(server);
  const local = differing(draft, saved, draft.baseVersion === null ? draftFields : draft.unsaved);
  const offered = { ...draft.offered, ...local };
  return { ...saved, offered: Object.keys(offered).length > 0 ? offered : null };
}

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
  // The surveys whose draft was compared with the server during this visit of the wizard (see `reconcile`).
  const checked = new Set<SurveyDraftKey>();
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
  const markChecked = (key: SurveyDraftKey) => {
    if (checked.has(key)) return;
    checked.add(key);
    notify();
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
     * The owner changed some fields (a form's values, every keystroke): like `update`, and the fields whose
     * value changed are remembered as unsaved until a save stores them.
     */
    edit(patch: SurveyDraftValues) {
      const { draft } = current();
      const changed = (Object.keys(patch) as string[]).filter(
        (key): key is SurveyDraftField => isDraftField(key) && !sameValue(draft[key], patch[key as SurveyDraftField]),
      );
      if (changed.length === 0) return;
      this.update({ ...patch, unsaved: [...new Set([...draft.unsaved, ...changed])] });
    },
    /**
     * A write stored `fields` as `saved` (the server's answer): the draft takes its id and image URLs, and those
     * fields are no longer unsaved (`whole`: it stored the whole draft, a create). `ours`: the write was made
     * from the draft's version (an update naming it, a create), so `saved` is the draft's version now. Another
     * write (an upload's confirm) moves the version on only from the one before: after a save elsewhere it
     * leaves it, so the next save finds the newer version instead of overwriting it.
     */
    saved(
      saved: Survey,
      fields: SurveyDraftValues,
      { whole = false, ours = whole }: { whole?: boolean; ours?: boolean } = {},
    ) {
      const { draft } = current();
      const follows = ours || draft.baseVersion === saved.version - 1;
      this.update({
        ...fields,
        surveyId: saved.id,
        businessLogoUrl: saved.businessLogoUrl,
        highRatingPhotoUrl: saved.highRatingPhotoUrl,
        ...(follows ? { baseVersion: saved.version } : {}),
        unsaved: whole ? [] : draft.unsaved.filter((key) => !(key in fields)),
      });
      markChecked(saved.id);
    },
    /**
     * Compares the current draft of `server`'s survey with it (see `reconciledDraft`): when the server's is newer,
     * its values replace the draft's (open forms re-read them) and the owner's unsaved changes are offered.
     */
    reconcile(server: Survey) {
      const { draft, revision } = current();
      if (draft.surveyId !== server.id) return;
      markChecked(server.id);
      const next = reconciledDraft(draft, server);
      if (next === draft) return;
      snapshot = { draft: next, revision: revision + 1 };
      store(next);
      notify();
    },
    /**
     * Opens the wizard draft of a survey just read from the server: the draft this browser kept of it, compared
     * with it (see `reconciledDraft`), or else the survey itself (stored unless `persist: false`: then only at
     * the owner's first change).
     */
    openSaved(server: Survey, { persist = true }: { persist?: boolean } = {}) {
      const stored = readStored(server.id, safeStorage());
      const next = stored?.surveyId === server.id ? reconciledDraft(stored, server) : draftFromSurvey(server);
      snapshot = { draft: next, revision: current().revision + 1 };
      // A changed stored draft is written back, so an offer outlives a reload.
      if (persist || (stored && next !== stored)) store(next);
      checked.add(server.id);
      notify();
    },
    /** The owner takes their offered changes after all: they become the draft's (unsaved) values. */
    applyOffered() {
      const { draft, revision } = current();
      if (!draft.offered) return;
      const next = {
        ...draft,
        ...draft.offered,
        unsaved: [...new Set([...draft.unsaved, ...(Object.keys(draft.offered) as SurveyDraftField[])])],
        offered: null,
      };
      snapshot = { draft: next, revision: revision + 1 };
      store(next);
      notify();
    },
    /** The owner lets their offered changes go: the server's values stay. */
    discardOffered() {
      if (current().draft.offered) this.update({ offered: null });
    },
    /** Whether the draft of `key` was compared with the server during this visit of the wizard. */
    isChecked: (key: SurveyDraftKey) => checked.has(key),
    /** It was (or there is nothing to compare: offline, the local draft is all there is). */
    markChecked,
    /** The wizard was left: the next visit compares its draft with the server again. */
    forgetChecks() {
      checked.clear();
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
