import { createMemoryRateLimiter } from '../data/memory-rate-limiter';
import { createMemoryMailer } from '../mail/memory-mailer';
import { createContactService, type ContactServiceDeps } from '../../src/domains/contact/service';

export const testOperator = { to: 'owner@reviewroute.example', from: 'no-reply@reviewroute.example' } as const;

/**
 * The contact service for unit tests: the in-memory mailer (`mailer.sent`) and rate limiter (`limiter.counts`),
 * one salt per day, the operator addresses above; `overrides` replaces any dependency.
 */
export function memoryContactService(overrides: Partial<ContactServiceDeps> = {}) {
  const mailer = createMemoryMailer();
  const limiter = createMemoryRateLimiter();
  const salts = new Map<string, string>();
  const service = createContactService({
    sendMail: mailer,
    limiter,
    daySalt: async (day, candidate) => {
      if (!salts.has(day)) salts.set(day, candidate);
      return salts.get(day)!;
    },
    settings: () => testOperator,
    ...overrides,
  });
  return { service, mailer, limiter };
}
