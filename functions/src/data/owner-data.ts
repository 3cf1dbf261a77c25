import type { AccountExportPage, ApiDomain, LambdaEnv, PlanId, Survey } from '@reviewroute/shared';
import type { tableEntities } from './client';

/**
 * What a domain contributes to the account erasure and the account export (decisions 14): each domain that
 * keeps an owner's data says in its own `owner-data.ts` how to erase it and what of it the export holds; the
 * account domain runs them all, in the order of the registry (functions/src/owner-data.ts), and knows none of
 * their stores. So a new kind of owner data is added in its own domain folder.
 */

/** Whether an erasure run must stop now: a step that sees it returns; the next run resumes from the table. */
export type TimeUp = () => boolean;

/** A part's share of the export's first page (each part fills only its own fields). */
export type ExportSummary = Partial<Omit<AccountExportPage, 'progress' | 'nextCursor'>>;

/** One page of one of a survey's paged lists in the export, and where the next page starts (none: the list is done). */
export interface ExportSlice {
  page: ExportSummary;
  next: string | null;
}

/** A plan refunded because its account was deleted within the 14 days of decisions 28 (the deletion mail says so). */
export interface ErasureRefund {
  amount: number;
  currency: string;
  plan: PlanId | null;
}

/** A domain's eraser and exporter. Every method is optional: a part may erase what it does not export. */
export interface OwnerDataPart {
  /**
   * Erases what the part keeps of one of the owner's surveys, idempotently (a run may repeat it after an
   * interruption); `false` when the time ran out before it finished. Runs after the survey was made inactive and
   * before the survey item itself is deleted, so an interrupted erasure finds the survey again.
   */
  eraseSurvey?(userId: string, survey: Survey, timeUp: TimeUp): Promise<boolean>;
  /** Erases what the part keeps of the owner beyond their surveys, idempotently; after every survey is gone. */
  eraseOwner?(userId: string): Promise<void>;
  /** The part's fields of the export's first page; `surveys`: the owner's surveys. */
  exportSummary?(userId: string, surveys: readonly Survey[]): Promise<ExportSummary>;
  /** The part's paged lists of one survey (e.g. its responses; each of its request batches' customers). */
  exportLists?: {
    /** Their ids, in export order. */
    of(userId: string, surveyId: string): Promise<string[]>;
    /** One page (up to `size` items) of one of them (always an id `of` answered), after `after` (none: from its start). */
    page(userId: string, surveyId: string, list: string, after: string | undefined, size: number): Promise<ExportSlice>;
  };
}

/** How the erasure pages through a survey's items (tests use small pages). */
export interface OwnerDataOptions {
  /** Items deleted per step of a survey's partition. */
  pageSize?: number;
}

/** A domain's entry in the registry: its stores on the table, and its part made of them (tests hand in fakes). */
export interface OwnerDataDefinition<Stores extends object> {
  /** The domain folder it lives in (`functions/src/domains/<domain>/owner-data.ts`). */
  readonly domain: ApiDomain;
  storesOf(entities: ReturnType<typeof tableEntities>, env: LambdaEnv): Stores;
  create(stores: Stores, options?: OwnerDataOptions): OwnerDataPart;
}

/** A domain's entry, with its part on the table's stores (what the Lambdas run). */
export const defineOwnerData = <Stores extends object>(definition: OwnerDataDefinition<Stores>) => ({
  ...definition,
  partOn: (entities: ReturnType<typeof tableEntities>, env: LambdaEnv): OwnerDataPart =>
    definition.create(definition.storesOf(entities, env)),
});
