import { attributesOf } from './schema-attributes';
import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { emptySurveyValues, surveySchema, type Survey, type SurveyUpdate } from '@reviewroute/shared';
import { transactWhileBusy, writeWhileBusy } from './busy-retry';
import type { Entities } from './entities';
import { isConditionalCheckFailure } from './conditional-check';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import { tableService } from './table-service';

/**
 * What an update may change of a survey: its steps' fields, the link (it follows the language), the completed
 * steps, and when its review rules last changed (they follow the switch).
 */
export type SurveyChanges = Partial<
  Pick<
    Survey,
    Exclude<keyof SurveyUpdate, 'version' | 'completedStep'> | 'landingPageUrl' | 'completedSteps' | 'reviewRulesSince'
  >
>;

/**
 * An update that named the version it started from found another one stored: the survey was written since
 * (another tab or device), and nothing was changed.
 */
export class StaleSurveyVersionError extends Error {
  override name = 'StaleSurveyVersionError';
}

export interface Publication {
  surveyCode: string;
  businessSlug: string;
  landingPageUrl: string;
  publishedAt: string;
}

/**
 * `code-taken`: another survey holds the code (try another); `already-published`: the survey got a
 * code meanwhile (a concurrent publish won); `not-found`: no such survey of this owner.
 */
export type PublishOutcome = 'published' | 'code-taken' | 'already-published' | 'not-found';

export interface SurveyRepository {
  /** The owner's surveys, newest first (one query). */
  listByOwner(userId: string): Promise<Survey[]>;
  /** One survey of this owner; another owner's survey is simply not there. */
  get(userId: string, surveyId: string): Promise<Survey | undefined>;
  /** The survey behind a public code (the public page). */
  findByCode(surveyCode: string): Promise<Survey | undefined>;
  create(survey: Survey): Promise<void>;
  /**
   * Applies the changes to an existing survey of this owner and counts its version up; undefined when there is
   * none. With `expectedVersion`, only while the stored version is that one (a survey stored before versions
   * counts as 0); otherwise nothing is written and `StaleSurveyVersionError` is thrown.
   */
  update(
    userId: string,
    surveyId: string,
    changes: SurveyChanges,
    updatedAt: string,
    options?: { expectedVersion?: number },
  ): Promise<Survey | undefined>;
  /** Marks a published survey active again (no code change). Undefined when there is none. Every write below counts the version up too. */
  activate(userId: string, surveyId: string, updatedAt: string): Promise<Survey | undefined>;
  /** Stops public submits (within the public Lambda's survey cache time); nothing happens when there is no such survey. */
  deactivate(userId: string, surveyId: string): Promise<void>;
  /** Atomically: claims the code (fails if taken), sets code, slug, landing URL and active on a survey that has no code yet. */
  publish(userId: string, surveyId: string, publication: Publication): Promise<PublishOutcome>;
  /**
   * The survey and its code item, the survey last. Its responses and its tally go before, through their
   * owners (after `deactivate`, so none arrives meanwhile). Idempotent.
   */
  delete(userId: string, surveyId: string, surveyCode: string | null): Promise<void>;
}

type SurveyItem = EntityItem<Entities['survey']>;

/** A stored survey as the API's: absent attributes read as their empty value, the key `surveyId` as `id`. */
const toSurvey = ({ surveyId, ...stored }: SurveyItem): Survey =>
  surveySchema.parse({ ...emptySurveyValues, ...stored, id: surveyId });

/** Splits changes into what to SET and what to REMOVE: empty strings and nulls are stored as absence. */
export function splitChanges<T extends object>(
  changes: T,
): { set: { [K in keyof T]?: Exclude<T[K], null> }; remove: (keyof T & string)[] } {
  const set: { [K in keyof T]?: Exclude<T[K], null> } = {};
  const remove: (keyof T & string)[] = [];
  for (const [k, v] of Object.entries(changes) as [keyof T & string, unknown][]) {
    if (v === undefined) continue;
    if (v === null || v === '') remove.push(k);
    else (set as Record<string, unknown>)[k] = v;
  }
  return { set, remove };
}

/** A survey as its item: ids renamed, empty and null values left out. */
function toItem(survey: Survey) {
  const { id, ...rest } = survey;
  const { set } = splitChanges(rest);
  // What the table requires (flags, status, colours) is never empty, so none of it is dropped here.
  return { ...(set as Required<typeof set>), surveyId: id };
}

/** `clock`: the time the tombstone condition of a creating write is evaluated at (ms). */
export function createDynamoSurveyRepository(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): SurveyRepository {
  const repo: SurveyRepository = {
    async listByOwner(userId) {
      const { survey } = entitiesOf();
      const result = await survey.query.byOwner({ userId }).go({ order: 'desc', pages: 'all', consistent: true });
      return result.data.map(toSurvey);
    },

    async get(userId, surveyId) {
      const { survey } = entitiesOf();
      // Strongly consistent: the owner reads right after their own writes (create, publish).
      const result = await survey.get({ userId, surveyId }).go({ consistent: true });
      return result.data ? toSurvey(result.data) : undefined;
    },

    async findByCode(code) {
      const { surveyCode, survey } = entitiesOf();
      const mapping = await surveyCode.get({ code }).go();
      if (!mapping.data) return undefined;
      const result = await survey.get({ userId: mapping.data.userId, surveyId: mapping.data.surveyId }).go();
      return result.data ? toSurvey(result.data) : undefined;
    },

    async create(value) {
      const { service } = entitiesOf();
      // With the owner's tombstone as a condition: a draft never outlives its owner's erasure.
      const reasons = await transactWhileBusy(`Creating ${value.id}`, () =>
        service.transaction
          .write((tx) => [
            tx.survey.create(toItem(value)).commit(),
            tombstoneAbsent(value.userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (!reasons) return;
      if (tombstoneRefused(reasons)) throw new AccountErasedError(`Creating ${value.id}`);
      throw new Error(`Creating ${value.id} was refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async update(userId, surveyId, changes: SurveyChanges, updatedAt, { expectedVersion } = {}) {
      const { survey } = entitiesOf();
      const { set, remove } = splitChanges(changes);
      try {
        // patch = update with "the item exists": a missing survey is never created by an update. ADD counts
        // the version up (an item stored before versions has none: it becomes 1).
        const patch = survey
          .patch({ userId, surveyId })
          .set({ ...set, updatedAt })
          .add({ version: 1 });
        const removing = remove.length ? patch.remove(remove as never) : patch;
        const write =
          expectedVersion === undefined
            ? removing
            : removing.where((attr, op) =>
                // A survey stored before versions reads as version 0.
                expectedVersion === 0
                  ? `(${op.notExists(attr.version)} OR ${op.eq(attr.version, 0)})`
                  : op.eq(attr.version, expectedVersion),
              );
        const result = await writeWhileBusy('Survey update', () => write.go({ response: 'all_new' }));
        return toSurvey(result.data as SurveyItem);
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
        // Either condition failed: the survey is not there, or another version is.
        if (expectedVersion === undefined || !(await repo.get(userId, surveyId))) return undefined;
        throw new StaleSurveyVersionError(`Survey ${surveyId} is no longer at version ${expectedVersion}`);
      }
    },

    async activate(userId, surveyId, updatedAt) {
      const { survey } = entitiesOf();
      try {
        const result = await writeWhileBusy('Survey activation', () =>
          survey
            .patch({ userId, surveyId })
            .set({ status: 'active', isActive: true, updatedAt })
            .add({ version: 1 })
            .go({ response: 'all_new' }),
        );
        return toSurvey(result.data as SurveyItem);
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async deactivate(userId, surveyId) {
      const { survey } = entitiesOf();
      await writeWhileBusy('Survey deactivation', () =>
        survey.patch({ userId, surveyId }).set({ isActive: false }).add({ version: 1 }).go({ response: 'none' }),
      ).catch((error: unknown) => {
        if (!isConditionalCheckFailure(error)) throw error;
      });
    },

    async publish(userId, surveyId, publication: Publication): Promise<PublishOutcome> {
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Publishing ${surveyId}`, () =>
        service.transaction
          .write((tx) => [
            tx.surveyCode
              .create({ code: publication.surveyCode, surveyId, userId, createdAt: publication.publishedAt })
              .commit(),
            tx.survey
              .patch({ userId, surveyId })
              .set({
                status: 'active',
                isActive: true,
                surveyCode: publication.surveyCode,
                businessSlug: publication.businessSlug,
                landingPageUrl: publication.landingPageUrl,
                updatedAt: publication.publishedAt,
              })
              .add({ version: 1 })
              // A code, once set, never changes (decisions 5): a concurrent publish that lost finds it set.
              .where((attr, op) => op.notExists(attr.surveyCode))
              .commit(),
            // The code item is keyed by the code, not the owner: only this condition keeps it from outliving them.
            tombstoneAbsent(userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (!reasons) return 'published';
      if (tombstoneRefused(reasons)) throw new AccountErasedError(`Publishing ${surveyId}`);
      const [code, survey] = reasons;
      // Only a condition that did not hold is an answer: the survey's (it has a code, or is not there)
      // before the code item's (another survey holds the code).
      if (survey?.code === 'ConditionalCheckFailed')
        return (await repo.get(userId, surveyId)) ? 'already-published' : 'not-found';
      if (code?.code === 'ConditionalCheckFailed') return 'code-taken';
      throw new Error(
        `Publishing ${surveyId} was refused: ${[code, survey].map((r) => r?.code ?? 'unknown').join(', ')}`,
      );
    },

    async delete(userId, surveyId, code) {
      const { service } = entitiesOf();
      // One transaction: the code item never outlives the survey, nor it the code item.
      const reasons = await transactWhileBusy(`Deleting ${surveyId}`, () =>
        service.transaction
          .write(({ surveyCode, survey }) => [
            ...(code ? [surveyCode.delete({ code }).commit()] : []),
            survey.delete({ userId, surveyId }).commit(),
          ])
          .go(),
      );
      if (reasons) throw new Error(`Deleting ${surveyId} was refused: ${reasons.map((r) => r.code).join(', ')}`);
    },
  };
  return repo;
}

/** A survey's fields as stored: its schema's, the id under the key name `surveyId` (keys are set apart below). */
const { id: _id, userId: _userId, createdAt: _createdAt, ...surveyFields } = surveySchema.shape;
const surveyAttributes = attributesOf(surveyFields);

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function surveyEntities(config: EntityConfiguration) {
  /**
   * Owned by a user; lives in the owner's partition so "get for this owner" is a key lookup. Every other
   * field of `surveySchema` is an attribute of the same name.
   */
  const survey = new Entity(
    {
      model: { entity: 'survey', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        ...surveyAttributes,
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** Uniqueness of a public code (decisions 5): created only if absent; maps the code to its survey. */
  const surveyCode = new Entity(
    {
      model: { entity: 'surveyCode', version: '1', service: tableService },
      attributes: {
        code: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byCode: {
          pk: { field: 'pk', composite: ['code'], template: 'CODE#${code}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'CODE', casing: 'none' },
        },
      },
    },
    config,
  );
  return { survey, surveyCode };
}
