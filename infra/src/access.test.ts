import { describe, expect, it } from 'vitest';
import { routes } from '@reviewroute/shared';
import { domainAccess, workerAccess } from './access';

describe('access map', () => {
  it('lets every domain with a route that creates data read the erasure tombstone first', () => {
    const domains = new Set(routes.flatMap((route) => ('createsData' in route ? [route.domain] : [])));
    expect([...domains].sort()).toEqual(['account', 'exports', 'payments', 'requests', 'surveys']);
    for (const domain of domains) expect(domainAccess[domain].table, domain).toContain('dynamodb:GetItem');
  });

  it('lets every domain with a route that creates data check the tombstone inside its writes', () => {
    for (const domain of ['account', 'payments', 'requests', 'surveys'] as const)
      expect(domainAccess[domain].table, domain).toContain('dynamodb:ConditionCheckItem');
  });

  it('lets the account Lambda and the erasure worker write the tombstone', () => {
    expect(domainAccess.account.table).toContain('dynamodb:PutItem');
    expect(workerAccess.erasure.table).toContain('dynamodb:PutItem');
  });
});
