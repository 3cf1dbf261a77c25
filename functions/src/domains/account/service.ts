import type { MeResponse } from '@reviewroute/shared';
import type { Owner } from '../../lib/http';

/** The signed-in owner as the API knows them: identity comes only from verified token claims. */
export const describeOwner = (owner: Owner): MeResponse => ({ userId: owner.userId, email: owner.email });
