import { Entity, type EntityConfiguration } from 'electrodb';
import {
  emptyFunnelCounts,
  funnelMarks,
  type FunnelCounts,
  type FunnelMark,
  type RequestChannel,
  type RequestFunnel,
} from '@reviewroute/shared';
import { transactWhileBusy } from './busy-retry';
import type { Entities } from './entities';
import { markFunnelCounted, type RecipientRecord, type RequestRecipientStore } from './request-recipients';
import { tableService } from './table-service';

/**
 * The funnel of a survey's review requests (the owning module of the funnel item): sent, delivered, opened, rated
 * and clicked per channel, counted once per customer and step by the funnel worker, in one transaction with the
 * recipient's counted marks (`markFunnelCounted`, request-recipients.ts).
 */

/**
 * The funnel item's attribute of a channel's step: e-mail's keep the names they had before texts (`sent`,
 * `opened`…, so funnels counted then read as e-mail's), texts' are prefixed (`smsSent`, `smsOpened`…).
 */
export const funnelAttribute = (channel: RequestChannel, stage: FunnelMark) =>
  channel === 'email' ? stage : (`sms${stage[0]!.toUpperCase()}${stage.slice(1)}` as const);

/** A channel's counts from the stored item (absent attributes: 0). */
const countsOf = (item: Record<string, unknown> | null | undefined, channel: RequestChannel): FunnelCounts =>
  Object.fromEntries(
    funnelMarks.map((stage) => {
      const value = item?.[funnelAttribute(channel, stage)];
      return [stage, typeof value === 'number' ? value : 0];
    }),
  ) as FunnelCounts;

/** The funnel of a stored item, per channel. */
export const funnelOf = (item: Record<string, unknown> | null | undefined): RequestFunnel => ({
  email: item ? countsOf(item, 'email') : emptyFunnelCounts(),
  sms: item ? countsOf(item, 'sms') : emptyFunnelCounts(),
});

/**
 * What counting a recipient's steps found: `counted` (the steps' marks set and the funnel raised, in one
 * transaction), `stale` (a mark was set meanwhile, or the step is not reached: read again), `gone` (the
 * recipient was deleted: nothing to count, and the funnel is not recreated).
 */
export type FunnelCountOutcome = 'counted' | 'stale' | 'gone';

export interface RequestFunnelStore {
  /**
   * One transaction: the recipient's marks of `stages` (each if absent, the step reached) and the survey's funnel
   * ADD under the recipient's channel (none recorded: e-mail, the only channel before texts).
   */
  countFunnel(
    recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'surveyId' | 'channel'>,
    stages: readonly FunnelMark[],
  ): Promise<FunnelCountOutcome>;
  /** The survey's funnel per channel (zeros until something is counted). */
  getFunnel(surveyId: string): Promise<RequestFunnel>;
}

export function createDynamoRequestFunnel(
  entitiesOf: () => Entities,
  recipients: Pick<RequestRecipientStore, 'getRecipient'>,
): RequestFunnelStore {
  return {
    async countFunnel(recipient, stages) {
      if (stages.length === 0) return 'counted';
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Counting request ${recipient.batchId}/${recipient.id}`, () =>
        service.transaction
          .write((tx) => [
            markFunnelCounted(tx, recipient, stages),
            tx.requestFunnel
              .update({ surveyId: recipient.surveyId })
              .add(Object.fromEntries(stages.map((stage) => [funnelAttribute(recipient.channel ?? 'email', stage), 1])))
              .commit(),
          ])
          .go(),
      );
      if (!reasons) return 'counted';
      if (reasons[0]?.code === 'ConditionalCheckFailed') {
        const current = await recipients.getRecipient(recipient.batchId, recipient.id);
        return current ? 'stale' : 'gone';
      }
      throw new Error(`Funnel count refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async getFunnel(surveyId) {
      const { data } = await entitiesOf().requestFunnel.get({ surveyId }).go({ consistent: true });
      return funnelOf(data);
    },
  };
}

/** The survey's funnel (its deletion's, after its recipients: a later count finds them gone and recreates nothing). */
export async function deleteFunnelOf(entitiesOf: () => Entities, surveyId: string): Promise<void> {
  await entitiesOf().requestFunnel.delete({ surveyId }).go();
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestFunnelEntities(config: EntityConfiguration) {
  /**
   * The funnel of a survey's review requests (sent, delivered, opened, rated, clicked, and beside them failed,
   * unsubscribed, bounced, complained; e-mail's unprefixed, texts' as `sms…`), in the survey's partition: written only by the funnel worker, with ADD, in one transaction with the
   * counted marks of the recipients.
   */
  const requestFunnel = new Entity(
    {
      model: { entity: 'requestFunnel', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        sent: { type: 'number' },
        delivered: { type: 'number' },
        opened: { type: 'number' },
        rated: { type: 'number' },
        clicked: { type: 'number' },
        smsSent: { type: 'number' },
        smsDelivered: { type: 'number' },
        smsOpened: { type: 'number' },
        smsRated: { type: 'number' },
        smsClicked: { type: 'number' },
        // Beside the steps: failed requests, and sent ones whose address was suppressed after.
        failed: { type: 'number' },
        unsubscribed: { type: 'number' },
        bounced: { type: 'number' },
        complained: { type: 'number' },
        smsFailed: { type: 'number' },
        smsUnsubscribed: { type: 'number' },
        smsBounced: { type: 'number' },
        smsComplained: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'REQFUNNEL', casing: 'none' },
        },
      },
    },
    config,
  );
  return { requestFunnel };
}
