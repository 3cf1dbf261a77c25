import type { LambdaEnv } from '@reviewroute/shared';
import type { tableEntities } from './data/client';
import type { OwnerDataOptions, OwnerDataPart } from './data/owner-data';
import { accountOwnerData } from './domains/account/owner-data';
import { exportsOwnerData } from './domains/exports/owner-data';
import { paymentsOwnerData } from './domains/payments/owner-data';
import { requestsOwnerData } from './domains/requests/owner-data';
import { surveysOwnerData } from './domains/surveys/owner-data';

/**
 * The owner-data registry: every domain that keeps an owner's data, each with the eraser and exporter of its
 * own `domains/<domain>/owner-data.ts` (functions/src/data/owner-data.ts says what a part does). The account
 * erasure runs the parts in this order (for each survey, then for the owner) and the account export merges
 * their pages; `owner-data.test.ts` checks that every domain's module is listed. A new kind of data of a domain
 * goes into that domain's part; a new domain with an owner's data adds its entry here.
 */
export const ownerDataRegistry = [
  accountOwnerData,
  paymentsOwnerData,
  surveysOwnerData,
  requestsOwnerData,
  exportsOwnerData,
] as const;

type Definition = (typeof ownerDataRegistry)[number];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every store any part needs (parts that share a store, e.g. the rate windows, name it alike). */
export type OwnerDataStores = Intersection<Parameters<Definition['create']>[0]>;

/** The parts, in the registry's order, on these stores (the tests' fakes or the table's). */
export const ownerDataParts = (stores: OwnerDataStores, options?: OwnerDataOptions): OwnerDataPart[] =>
  ownerDataRegistry.map((definition) => definition.create(stores, options));

/** The parts on the environment's table, bucket and CDN. */
export const ownerDataPartsOf = (entities: ReturnType<typeof tableEntities>, env: LambdaEnv): OwnerDataPart[] =>
  ownerDataRegistry.map((definition) => definition.partOn(entities, env));
