import { consentNameStyles, type ConsentNameStyle } from '@reviewroute/shared/domain';

/**
 * A customer's unsent answer, one per survey (spec 3 "a local draft per survey code"; not the owner's
 * wizard draft, `SurveyDraft`): saved on every change, restored on load,
 * removed after a successful submit. It also carries the submit's idempotency key, so a retry after a lost
 * answer — even after a reload — is recognised by the API and stored once.
 */
export interface AnswerDraft {
  rating: number | null;
  comment: string;
  customerName: string;
  customerEmail: string;
  /** The box "show my rating and comment on the business's website" (unticked until the customer ticks it). */
  showOnWebsite: boolean;
  /** Their choice of how the website names them, and the name it is made of when no contact name was typed. */
  websiteNameStyle: ConsentNameStyle;
  websiteName: string;
  /** When the draft was last saved (ms since the epoch). */
  timestamp: number;
  idempotencyKey: string;
}

export const draftKey = (surveyCode: string): string => `survey-draft:${surveyCode}`;

/** localStorage can be missing or throw (private mode, storage disabled, quota): the page must still work. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, so plain-http LAN tests get the fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function emptyDraft(): AnswerDraft {
  return {
    rating: null,
    comment: '',
    customerName: '',
    customerEmail: '',
    showOnWebsite: false,
    websiteNameStyle: 'first-name',
    websiteName: '',
    timestamp: Date.now(),
    idempotencyKey: newIdempotencyKey(),
  };
}

/** The stored draft, field by field: anything malformed (an old format, a hand edit) falls back to empty. */
export function loadDraft(surveyCode: string): AnswerDraft | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(draftKey(surveyCode));
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return undefined;
    const key = value.idempotencyKey;
    return {
      rating: isRating(value.rating) ? value.rating : null,
      comment: text(value.comment),
      customerName: text(value.customerName),
      customerEmail: text(value.customerEmail),
      showOnWebsite: value.showOnWebsite === true,
      websiteNameStyle: consentNameStyles.find((s) => s === value.websiteNameStyle) ?? 'first-name',
      websiteName: text(value.websiteName),
      timestamp: typeof value.timestamp === 'number' ? value.timestamp : Date.now(),
      idempotencyKey: typeof key === 'string' && uuidPattern.test(key) ? key : newIdempotencyKey(),
    };
  } catch {
    return undefined;
  }
}

/** Returns whether the draft was stored (the "Draft saved automatically" hint shows only then). */
export function saveDraft(surveyCode: string, draft: AnswerDraft): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(draftKey(surveyCode), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(surveyCode: string): void {
  try {
    storage()?.removeItem(draftKey(surveyCode));
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** A draft worth restoring: anything the customer typed or chose. */
export const hasContent = (draft: AnswerDraft): boolean =>
  draft.rating !== null ||
  draft.comment !== '' ||
  draft.customerName !== '' ||
  draft.customerEmail !== '' ||
  draft.showOnWebsite;
