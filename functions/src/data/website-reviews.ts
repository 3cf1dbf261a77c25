import { Entity, type EntityConfiguration } from 'electrodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import {
  invitationKinds,
  widgetCommentsShown,
  websiteHideReasons,
  type InvitationKind,
  type WebsiteHideReason,
  type WidgetComment,
  type WidgetHidden,
} from '@reviewroute/shared';
import { backOffOrGiveUp, isBusyCancellation, type CancellationReason } from './busy-retry';
import type { Entities } from './entities';
import { markWidgetHiddenCounted, shownOnWebsiteCheck } from './response-store';
import { tableService } from './table-service';

/**
 * What the reviews widget shows of a survey beside its tally (decisions 27): its newest consented comments the
 * owner did not hide, newest first, and how many the owner hid, per reason. Kept in one item per survey
 * (`SURVEY#{id}/WIDGET`), so the widget's read is O(1) however many responses the survey has.
 */
export interface WebsiteReviews {
  comments: WidgetComment[];
  hidden: WidgetHidden;
}

export const noWebsiteReviews = (): WebsiteReviews => ({
  comments: [],
  hidden: { 'personal-data': 0, offensive: 0, 'not-about-business': 0 },
});

/**
 * A change the table's stream tells of: a response stored with its customer's consent and a comment (`shown`), or
 * the owner hiding a consented response (`hidden`, decisions 27's reason).
 */
export type WebsiteReviewChange =
  | { kind: 'shown'; surveyId: string; comment: WidgetComment }
  | { kind: 'hidden'; surveyId: string; responseId: string; reason: WebsiteHideReason };

const text = (image: Record<string, AttributeValue> | undefined, name: string) => image?.[name]?.S;

/** What a stream record changes in its survey's widget: a consented comment created, or a hide; else nothing. */
export function websiteReviewChangeOf(record: DynamoDBRecord): WebsiteReviewChange | undefined {
  const next = record.dynamodb?.NewImage;
  if (text(next, '__edb_e__') !== 'response') return undefined;
  const surveyId = text(next, 'surveyId');
  const responseId = text(next, 'responseId');
  const shownAs = text(next, 'consentShownAs');
  if (surveyId === undefined || responseId === undefined || !shownAs) return undefined;
  const reason = text(next, 'hiddenReason') as WebsiteHideReason | undefined;
  if (record.eventName === 'INSERT') {
    const comment = text(next, 'comment')?.trim();
    const rating = Number(next?.rating?.N);
    const invitation = (text(next, 'invitation') ?? 'public-link') as InvitationKind;
    if (!comment || reason || !Number.isInteger(rating) || !invitationKinds.includes(invitation)) return undefined;
    const createdAt = text(next, 'createdAt') ?? '';
    return { kind: 'shown', surveyId, comment: { id: responseId, rating, comment, shownAs, createdAt, invitation } };
  }
  if (record.eventName === 'MODIFY' && reason && !text(record.dynamodb?.OldImage, 'hiddenReason'))
    return websiteHideReasons.includes(reason) ? { kind: 'hidden', surveyId, responseId, reason } : undefined;
  return undefined;
}

const newestFirst = (a: WidgetComment, b: WidgetComment) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** The comments with these added (none twice), newest first, the newest `widgetCommentsShown` only. */
function merged(comments: readonly WidgetComment[], added: readonly WidgetComment[]): WidgetComment[] {
  const ids = new Set(comments.map((c) => c.id));
  return [...comments, ...added.filter((c) => !ids.has(c.id))].sort(newestFirst).slice(0, widgetCommentsShown);
}

/** The widget with a consented comment in it; undefined when it would not change (there already, or too old). */
export function withShown(state: WebsiteReviews, comment: WidgetComment): WebsiteReviews | undefined {
  const comments = merged(state.comments, [comment]);
  return comments.some((c) => c.id === comment.id) && !state.comments.some((c) => c.id === comment.id)
    ? { ...state, comments }
    : undefined;
}

/**
 * The widget after a hide: the comment gone from the list, older consented ones (`refill`, newest first) taking its
 * place, and the hide counted under its reason when `count` (a hide is counted once, with its response's mark).
 */
export function withHidden(
  state: WebsiteReviews,
  responseId: string,
  reason: WebsiteHideReason,
  count: boolean,
  refill: readonly WidgetComment[] = [],
): WebsiteReviews {
  const kept = state.comments.filter((c) => c.id !== responseId);
  const removed = kept.length < state.comments.length;
  return {
    comments: removed
      ? merged(
          kept,
          refill.filter((c) => c.id !== responseId),
        )
      : kept,
    hidden: count ? { ...state.hidden, [reason]: state.hidden[reason] + 1 } : state.hidden,
  };
}

/** The owner of the widget's item; its only writer is the website-reviews stream worker. */
export interface WebsiteReviewsStore {
  /** The survey's widget (none stored yet: no comments, nothing hidden). One GetItem. */
  get(surveyId: string): Promise<WebsiteReviews>;
  /**
   * Applies the stream's changes, each once (a comment is shown only while its response exists, consented and not
   * hidden; a hide is counted once, by a mark on its response). `refill` gives a survey's newest consented comments
   * not hidden (a bounded read), to fill the place of a hidden one. Returns the changes it could not apply now.
   */
  apply(
    changes: readonly WebsiteReviewChange[],
    refill: (surveyId: string) => Promise<WidgetComment[]>,
  ): Promise<WebsiteReviewChange[]>;
  /** The survey's widget item. Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/** Whether a cancelled transaction's reason at `index` is a condition that did not hold. */
const conditionFailed = (reasons: readonly CancellationReason[], index: number) =>
  reasons[index]?.code === 'ConditionalCheckFailed';

export function createDynamoWebsiteReviews(entitiesOf: () => Entities): WebsiteReviewsStore {
  async function read(surveyId: string): Promise<{ state: WebsiteReviews; version: number | undefined }> {
    const { websiteReviews } = entitiesOf();
    const { data } = await websiteReviews.get({ surveyId }).go({ consistent: true });
    if (!data) return { state: noWebsiteReviews(), version: undefined };
    return {
      version: data.version,
      state: {
        comments: (data.comments ?? []).map((c) => ({ ...c, invitation: c.invitation ?? 'public-link' })),
        hidden: {
          'personal-data': data.hiddenPersonalData ?? 0,
          offensive: data.hiddenOffensive ?? 0,
          'not-about-business': data.hiddenNotAboutBusiness ?? 0,
        },
      },
    };
  }

  /**
   * The widget's new state, written only over the version it was computed from, in one transaction with the
   * response's check or mark (`withResponse`). Undefined when it committed, else the refusal's reasons.
   */
  async function write(
    surveyId: string,
    state: WebsiteReviews,
    version: number | undefined,
    withResponse?: 'shown' | 'hidden-counted',
    responseId?: string,
  ) {
    const { service } = entitiesOf();
    const result = await service.transaction
      .write(({ websiteReviews, response }) => [
        websiteReviews
          .put({
            surveyId,
            comments: state.comments,
            hiddenPersonalData: state.hidden['personal-data'],
            hiddenOffensive: state.hidden.offensive,
            hiddenNotAboutBusiness: state.hidden['not-about-business'],
            version: (version ?? 0) + 1,
          })
          .where((a, op) => (version === undefined ? op.notExists(a.version) : op.eq(a.version, version)))
          .commit(),
        ...(withResponse === 'shown' ? [shownOnWebsiteCheck(response, surveyId, responseId!)] : []),
        ...(withResponse === 'hidden-counted' ? [markWidgetHiddenCounted(response, surveyId, responseId!)] : []),
      ])
      .go();
    return result.canceled ? (result.data as CancellationReason[]) : undefined;
  }

  /** One change, read and written under the item's version; retried while another write or the table got between. */
  async function applyOne(change: WebsiteReviewChange, refill: (surveyId: string) => Promise<WidgetComment[]>) {
    const { surveyId } = change;
    let count = true;
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await read(surveyId);
      let next: WebsiteReviews | undefined;
      let reasons: CancellationReason[] | undefined;
      if (change.kind === 'shown') {
        next = withShown(state, change.comment);
        if (!next) return;
        reasons = await write(surveyId, next, version, 'shown', change.comment.id);
        // The response is gone or hidden since: it is not shown.
        if (reasons && conditionFailed(reasons, 1)) return;
      } else {
        const listed = state.comments.some((c) => c.id === change.responseId);
        const candidates = listed ? await refill(surveyId) : [];
        next = withHidden(state, change.responseId, change.reason, count, candidates);
        // Counted before (or its response is gone, with its survey): only the list may still need it out.
        if (!count && !listed) return;
        reasons = await write(surveyId, next, version, count ? 'hidden-counted' : undefined, change.responseId);
        if (reasons && count && conditionFailed(reasons, 1)) {
          count = false;
          continue;
        }
      }
      if (!reasons) return;
      if (!isBusyCancellation(reasons) && !conditionFailed(reasons, 0))
        throw new Error('Website reviews write refused');
      await backOffOrGiveUp('Website reviews', attempt, reasons);
    }
  }

  return {
    async get(surveyId) {
      return (await read(surveyId)).state;
    },

    async apply(changes, refill) {
      const failed: WebsiteReviewChange[] = [];
      // In stream order: a survey's records come in the order they were written (one partition, one shard).
      for (const change of changes) {
        try {
          await applyOne(change, refill);
        } catch {
          failed.push(change);
        }
      }
      return failed;
    },

    async deleteBySurvey(surveyId) {
      const { websiteReviews } = entitiesOf();
      await websiteReviews.delete({ surveyId }).go({ response: 'none' });
    },
  };
}

/** This module's entity on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function websiteReviewEntities(config: EntityConfiguration) {
  /**
   * The survey's widget (decisions 27): its newest consented comments not hidden (at most `widgetCommentsShown`) and
   * its hides per reason, written whole under a version by the website-reviews worker. Beside the tally in the
   * survey's partition.
   */
  const websiteReviews = new Entity(
    {
      model: { entity: 'websiteReviews', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        comments: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              id: { type: 'string', required: true },
              rating: { type: 'number', required: true },
              comment: { type: 'string', required: true },
              shownAs: { type: 'string', required: true },
              createdAt: { type: 'string', required: true },
              invitation: { type: [...invitationKinds] as const },
            },
          },
        },
        // The owner's hides per reason (decisions 27's three).
        hiddenPersonalData: { type: 'number' },
        hiddenOffensive: { type: 'number' },
        hiddenNotAboutBusiness: { type: 'number' },
        version: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'WIDGET', casing: 'none' },
        },
      },
    },
    config,
  );
  return { websiteReviews };
}
