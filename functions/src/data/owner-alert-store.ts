import { Entity, type EntityConfiguration } from 'electrodb';
import { transactWhileBusy, type CancellationReason } from './busy-retry';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { claimAlertMark, releaseAlertMark } from './response-store';
import { tableService } from './table-service';

/**
 * The low-rating alerts' bookkeeping (decisions 23): the `alerted` mark on each response (its owner,
 * response-store.ts, exports the transaction items), the survey's alert windows and the due digests (both owned
 * here). A low rating is recorded in ONE transaction: its response's mark (set only if absent) and its window's
 * count, guarded by the count read before (`seen`), plus, for one beyond the first five, its digest entry and, for
 * the window's first such entry, the window's due item. So a stream record delivered again finds its mark and
 * records nothing, and two writers never both take the fifth single alert.
 */

/** How long a window lasts from its first low rating. */
export const alertWindowMs = 60 * 60 * 1000;
/** Low ratings a window mails one by one; the further ones wait for its digest. */
export const singleAlertsPerWindow = 5;
/** Entries a digest lists at most (the count covers all); the rest are on the dashboard. */
export const alertDigestListed = 50;
/** How much of a comment a digest entry keeps. */
export const digestCommentChars = 160;
/** A window (and its entries) is kept this long after it started: long after its digest was sent. */
const windowKeptMs = 2 * 24 * 60 * 60 * 1000;

export interface DigestEntry {
  responseId: string;
  rating: number;
  /** Shortened to `digestCommentChars` (an ellipsis marks the cut). */
  comment?: string;
  createdAt: string;
}

/** What the alerts worker needs to know of the window a low rating falls in. */
export interface AlertWindowState {
  windowStart: string;
  seen: number;
  further: number;
  /** Its digest was sent: a later low rating opens a new window. */
  closed: boolean;
}

/** A window as its digest shows it. */
export interface AlertWindow {
  surveyId: string;
  windowStart: string;
  ownerId: string;
  seen: number;
  further: number;
  entries: DigestEntry[];
}

export interface DueDigest {
  dueAt: string;
  surveyId: string;
  windowStart: string;
}

export interface LowRatingRecord {
  surveyId: string;
  ownerId: string;
  entry: DigestEntry;
  /** The window as read (`seen` and `further` guard the write); `isNew` when it does not exist yet. */
  window: { windowStart: string; seen: number; further: number; isNew: boolean };
  /** `single`: mailed now by the caller; `digest`: kept for the window's digest. */
  kind: 'single' | 'digest';
}

/** `already`: its response is marked (or gone), nothing to do; `conflict`: the window changed, read it again. */
export type RecordOutcome = 'recorded' | 'already' | 'conflict';

export interface OwnerAlertStore {
  /** The newest window that started at most an hour before `at` (and not after it), if any. */
  windowAt(surveyId: string, at: string): Promise<AlertWindowState | undefined>;
  record(input: LowRatingRecord): Promise<RecordOutcome>;
  /** Gives a single alert's mark and its place in the window back (its mail could not be sent). */
  release(surveyId: string, responseId: string, windowStart: string): Promise<void>;
  /** Windows whose digest is due at or before `at`, oldest first. */
  dueDigests(at: string, limit: number): Promise<DueDigest[]>;
  /**
   * Closes the window for its digest: the window when this call closed it, undefined when it was closed before
   * (the digest was sent, at most once) or is gone.
   */
  claimDigest(due: DueDigest, at: string): Promise<AlertWindow | undefined>;
  /** Reopens a window whose digest could not be sent, so the next run tries again. */
  releaseDigest(due: DueDigest): Promise<void>;
  /** The due item, once its digest was sent or had nobody to go to. */
  dropDue(due: DueDigest): Promise<void>;
  /** The survey's windows (their entries quote its responses), with the survey. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/** A comment as a digest entry keeps it: one line, at most `digestCommentChars`. */
export function shortenComment(comment: string | undefined): string | undefined {
  const line = comment?.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length <= digestCommentChars ? line : `${line.slice(0, digestCommentChars - 1).trimEnd()}…`;
}

/** When the window that opened at `windowStart` closes, and the earliest start of a window still open at `at`. */
export const windowEnd = (windowStart: string) => new Date(Date.parse(windowStart) + alertWindowMs).toISOString();
export const earliestStart = (at: string) => new Date(Date.parse(at) - alertWindowMs + 1).toISOString();

export function createDynamoOwnerAlertStore(entitiesOf: () => Entities): OwnerAlertStore {
  return {
    async windowAt(surveyId, at) {
      const { data } = await entitiesOf()
        .alertWindow.query.bySurvey({ surveyId })
        .between({ windowStart: earliestStart(at) }, { windowStart: at })
        .go({ order: 'desc', limit: 1, consistent: true });
      const w = data[0];
      return w
        ? { windowStart: w.windowStart, seen: w.seen ?? 0, further: w.further ?? 0, closed: !!w.digestClaimedAt }
        : undefined;
    },

    async record({ surveyId, ownerId, entry, window, kind }) {
      const { service } = entitiesOf();
      const { windowStart } = window;
      const reasons: CancellationReason[] | undefined = await transactWhileBusy('Alert record', () =>
        service.transaction
          .write(({ response, alertWindow, alertDigestDue }) => {
            let update = alertWindow
              .update({ surveyId, windowStart })
              .set({ ownerId, expiresAt: Math.floor((Date.parse(windowStart) + windowKeptMs) / 1000) })
              .add({ seen: 1 });
            if (kind === 'digest') {
              update = update.add({ further: 1 });
              if (window.further < alertDigestListed) update = update.append({ entries: [entry] });
            }
            const guarded = update.where((a, op) =>
              window.isNew
                ? op.notExists(a.seen)
                : `${op.eq(a.seen, window.seen)} AND ${op.notExists(a.digestClaimedAt)}`,
            );
            return [
              claimAlertMark(response, surveyId, entry.responseId),
              guarded.commit(),
              ...(kind === 'digest' && window.further === 0
                ? [alertDigestDue.put({ dueAt: windowEnd(windowStart), surveyId, windowStart }).commit()]
                : []),
            ];
          })
          .go(),
      );
      if (!reasons) return 'recorded';
      if (reasons[0]?.code === 'ConditionalCheckFailed') return 'already';
      if (reasons[1]?.code === 'ConditionalCheckFailed') return 'conflict';
      throw new Error(`Alert record refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async release(surveyId, responseId, windowStart) {
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy('Alert release', () =>
        service.transaction
          .write(({ response, alertWindow }) => [
            releaseAlertMark(response, surveyId, responseId),
            alertWindow.patch({ surveyId, windowStart }).add({ seen: -1 }).commit(),
          ])
          .go(),
      );
      // Refused only when the response or its window is gone meanwhile: nothing left to give back.
      if (reasons && !reasons.some((r) => r.code === 'ConditionalCheckFailed'))
        throw new Error(`Alert release refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async dueDigests(at, limit) {
      const { data } = await entitiesOf()
        .alertDigestDue.query.byDue({})
        .lte({ dueAt: at })
        .go({ limit, consistent: true });
      return data
        .filter((d) => d.dueAt <= at)
        .map(({ dueAt, surveyId, windowStart }) => ({ dueAt, surveyId, windowStart }));
    },

    async claimDigest({ surveyId, windowStart }, at) {
      try {
        const { data } = await entitiesOf()
          .alertWindow.patch({ surveyId, windowStart })
          .set({ digestClaimedAt: at })
          .where((a, op) => op.notExists(a.digestClaimedAt))
          .go({ response: 'all_new' });
        return {
          surveyId,
          windowStart,
          ownerId: data.ownerId ?? '',
          seen: data.seen ?? 0,
          further: data.further ?? 0,
          entries: (data.entries ?? []).map((e) => ({
            responseId: e.responseId,
            rating: e.rating,
            ...(e.comment ? { comment: e.comment } : {}),
            createdAt: e.createdAt,
          })),
        };
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async releaseDigest({ surveyId, windowStart }) {
      try {
        await entitiesOf()
          .alertWindow.patch({ surveyId, windowStart })
          .remove(['digestClaimedAt'])
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async dropDue(due) {
      await entitiesOf().alertDigestDue.delete(due).go({ response: 'none' });
    },

    async deleteBySurvey(surveyId) {
      const { alertWindow } = entitiesOf();
      for (;;) {
        const { data } = await alertWindow.query
          .bySurvey({ surveyId })
          .go({ limit: 25, attributes: ['surveyId', 'windowStart'] });
        if (data.length === 0) return;
        await alertWindow.delete(data.map(({ windowStart }) => ({ surveyId, windowStart }))).go();
      }
    },
  };
}
/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function ownerAlertEntities(config: EntityConfiguration) {
  /**
   * One hour of a survey's low-rating alerts (decisions 23), from its first low rating (`windowStart`, the
   * response's createdAt) on: how many low ratings it saw (`seen`; the first 5 were mailed one by one), and the
   * further ones kept for the window's digest (`further`, the first `alertDigestListed` as `entries` with their
   * comments shortened). `digestClaimedAt` is set when the digest is sent (at most once), which also closes the
   * window. In the survey's partition beside its responses; expires two days after it started.
   */
  const alertWindow = new Entity(
    {
      model: { entity: 'alertWindow', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        windowStart: { type: 'string', required: true, readOnly: true },
        ownerId: { type: 'string' },
        seen: { type: 'number' },
        further: { type: 'number' },
        entries: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              responseId: { type: 'string', required: true },
              rating: { type: 'number', required: true },
              comment: { type: 'string' },
              createdAt: { type: 'string', required: true },
            },
          },
        },
        digestClaimedAt: { type: 'string' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['windowStart'], template: 'ALERTS#${windowStart}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A window whose digest is due at `dueAt` (its end): written with its first digest entry, deleted once the
   * digest was sent (or had nobody to go to). One partition, so the digest worker finds every due window with
   * one query; only windows with more than 5 low ratings an hour are ever in it.
   */
  const alertDigestDue = new Entity(
    {
      model: { entity: 'alertDigestDue', version: '1', service: tableService },
      attributes: {
        dueAt: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        windowStart: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byDue: {
          pk: { field: 'pk', composite: [], template: 'ALERTDIGEST', casing: 'none' },
          sk: {
            field: 'sk',
            composite: ['dueAt', 'surveyId', 'windowStart'],
            template: 'DUE#${dueAt}#${surveyId}#${windowStart}',
            casing: 'none',
          },
        },
      },
    },
    config,
  );
  return { alertWindow, alertDigestDue };
}
