import { createDomainHandler } from '../../lib/http';
import { describeOwner } from './service';

export const handler = createDomainHandler('account', {
  me: ({ owner }) => ({ body: describeOwner(owner!) }),
});
