import { Entity, type EntityConfiguration } from 'electrodb';
import { createHash } from 'node:crypto';
import { transactWhileBusy } from './busy-retry';
import { deleteInBatches } from './batch-delete';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import type { TransactionEntities } from './transaction';
import { AccountErasedError } from '../lib/erasure-guard';
import { tableService } from './table-service';

/**
 * The inbound webhook's items, part of the review-request store (review-requests.ts spreads these methods into
 * it, so the survey delete, the account erasure and the export reach them through the one owner): a survey's
 * hook (`REQHOOK#{surveyId}/HOOK`) and the external ids it scheduled (`REQHOOK#{surveyId}/CALL#{hash}`).
 */

export interface RequestHookRecord {
  surveyId: string;
  userId: string;
  /** SHA-256 (hex) of the token's secret: the token itself is never stored. */
  tokenHash: string;
  delayMinutes: number;
  permissionConfirmedAt: string;
  createdAt: string;
  tokenCreatedAt: string;
}

export interface HookCallRecord {
  surveyId: string;
  /** SHA-256 of the calling system's external id. */
  externalIdHash: string;
  batchId: string;
  sendAt: string;
  createdAt: string;
}

/** The external id was scheduled before (the scheduling transaction found its record): nothing was kept. */
export class HookCallTakenError extends Error {
  constructor(readonly externalIdHash: string) {
    super('The external id was scheduled before');
    this.name = 'HookCallTakenError';
  }
}

/** How long an external id is remembered: far beyond any retry of the calling system. */
export const hookCallDays = 90;

export const externalIdHashOf = (externalId: string): string => createHash('sha256').update(externalId).digest('hex');

export interface RequestHookMethods {
  getHook(surveyId: string): Promise<RequestHookRecord | undefined>;
  /** Creates or replaces the survey's hook (a new token hash replaces the old at once); refused for an erased owner. */
  saveHook(hook: RequestHookRecord, updatedAt: string): Promise<void>;
  /** The hook's delay; undefined when the survey has no hook of this owner. */
  setHookDelay(
    userId: string,
    surveyId: string,
    delayMinutes: number,
    updatedAt: string,
  ): Promise<RequestHookRecord | undefined>;
  getHookCall(surveyId: string, externalIdHash: string): Promise<HookCallRecord | undefined>;
  /** The survey's hook and its external ids. Idempotent. */
  deleteHookOf(surveyId: string): Promise<void>;
}

/** The external id's record as an item of the batch's scheduling transaction: created only if absent. */
export const hookCallCreate =
  (call: HookCallRecord) =>
  ({ requestHookCall }: TransactionEntities) =>
    requestHookCall
      .create({ ...call, expiresAt: Math.floor(Date.parse(call.createdAt) / 1000) + hookCallDays * 24 * 3600 })
      .commit();

type HookItem = RequestHookRecord & { updatedAt?: string };

const toHook = (item: HookItem): RequestHookRecord => ({
  surveyId: item.surveyId,
  userId: item.userId,
  tokenHash: item.tokenHash,
  delayMinutes: item.delayMinutes,
  permissionConfirmedAt: item.permissionConfirmedAt,
  createdAt: item.createdAt,
  tokenCreatedAt: item.tokenCreatedAt,
});

/** The hook methods on the one table. */
export function createDynamoHookMethods(entitiesOf: () => Entities, clock: () => number): RequestHookMethods {
  return {
    async getHook(surveyId) {
      const { data } = await entitiesOf().requestHook.get({ surveyId }).go({ consistent: true });
      return data ? toHook(data) : undefined;
    },

    async saveHook(hook, updatedAt) {
      const { service } = entitiesOf();
      const refused = await transactWhileBusy(`Saving the hook of ${hook.surveyId}`, () =>
        service.transaction
          .write((tx) => [
            tx.requestHook.put({ ...hook, updatedAt }).commit(),
            tombstoneAbsent(hook.userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (refused && tombstoneRefused(refused)) throw new AccountErasedError(`Saving the hook of ${hook.surveyId}`);
      if (refused) throw new Error(`Saving the hook was refused: ${refused.map((r) => r.code).join(', ')}`);
    },

    async setHookDelay(userId, surveyId, delayMinutes, updatedAt) {
      try {
        const { data } = await entitiesOf()
          .requestHook.patch({ surveyId })
          .set({ delayMinutes, updatedAt })
          .where((attr, op) => op.eq(attr.userId, userId))
          .go({ response: 'all_new' });
        return toHook(data as HookItem);
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async getHookCall(surveyId, externalIdHash) {
      const { data } = await entitiesOf().requestHookCall.get({ surveyId, externalIdHash }).go({ consistent: true });
      return data
        ? {
            surveyId: data.surveyId,
            externalIdHash: data.externalIdHash,
            batchId: data.batchId,
            sendAt: data.sendAt,
            createdAt: data.createdAt,
          }
        : undefined;
    },

    async deleteHookOf(surveyId) {
      const { requestHook, requestHookCall } = entitiesOf();
      // The hook first: its URL stops before its records go.
      await requestHook.delete({ surveyId }).go();
      for (;;) {
        const { data } = await requestHookCall.query
          .bySurvey({ surveyId })
          .go({ limit: 500, attributes: ['surveyId', 'externalIdHash'] });
        if (data.length === 0) break;
        await deleteInBatches(
          async (keys: { surveyId: string; externalIdHash: string }[]) => ({
            unprocessed: (await requestHookCall.delete(keys).go()).unprocessed as {
              surveyId: string;
              externalIdHash: string;
            }[],
          }),
          data.map((c) => ({ surveyId: c.surveyId, externalIdHash: c.externalIdHash })),
          'review-request hook calls',
        );
      }
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestHookEntities(config: EntityConfiguration) {
  /**
   * A survey's inbound webhook of review requests, in a partition of its own keyed by the survey (the token in
   * the URL names the survey, so one consistent GetItem resolves it): the owner, the SHA-256 of the token's
   * secret (never the token), the delay and the owner's permission confirmation. Replacing the token replaces
   * the hash, so the old URL stops at once.
   */
  const requestHook = new Entity(
    {
      model: { entity: 'requestHook', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true },
        tokenHash: { type: 'string', required: true },
        delayMinutes: { type: 'number', required: true },
        permissionConfirmedAt: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        tokenCreatedAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'REQHOOK#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'HOOK', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One external id a survey's webhook scheduled (its SHA-256: the calling system's booking number is not
   * kept), and the batch it made: created only if absent, in the transaction that schedules that batch, so the
   * same id twice schedules one request. Beside its hook; expires (TTL) after 90 days.
   */
  const requestHookCall = new Entity(
    {
      model: { entity: 'requestHookCall', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        externalIdHash: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true, readOnly: true },
        sendAt: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'REQHOOK#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['externalIdHash'], template: 'CALL#${externalIdHash}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { requestHook, requestHookCall };
}
