import { publicSubmitSurveyRateLimitDefault, routes } from '@reviewroute/shared';
import { describe, expect, it } from 'vitest';
import {
  edgeSurveySubmitLimit,
  invoiceSellerEnv,
  publicApiPrefix,
  publicLatencyBudgetMs,
  routeThrottleOf,
  stageConfig,
} from './config';

describe('route throttles (sized to what stands behind them)', () => {
  it('gives the public routes the public Lambda concurrency over the latency budget, burst the concurrency', () => {
    const throttle = routeThrottleOf(stageConfig({}));
    expect(publicLatencyBudgetMs).toBe(300);
    // 20 instances, 300 ms each at p99: 66 requests a second.
    expect(throttle.public).toEqual({ rateLimit: 66, burstLimit: 20 });
  });

  it('lets one crowd through: 1,000 customers in two minutes stay far under the public ceiling', () => {
    const { rateLimit } = routeThrottleOf(stageConfig({})).public;
    expect(1000 / 120).toBeLessThan(rateLimit);
    // Three surveys at their own cap fit beside each other.
    expect((3 * publicSubmitSurveyRateLimitDefault) / 60).toBeLessThanOrEqual(rateLimit);
  });

  it('grows with the reserved concurrency; unreserved is sized as the default', () => {
    expect(routeThrottleOf(stageConfig({ publicConcurrency: '50' })).public).toEqual({
      rateLimit: 166,
      burstLimit: 50,
    });
    expect(routeThrottleOf(stageConfig({ publicConcurrency: '0' })).public).toEqual(
      routeThrottleOf(stageConfig({})).public,
    );
  });
});

describe('edge per-survey rule', () => {
  it('passes 1,000 customers in two minutes on one survey, each submit sent at most twice', () => {
    expect(edgeSurveySubmitLimit.windowSeconds).toBe(120);
    expect(edgeSurveySubmitLimit.limit).toBeGreaterThanOrEqual(2 * 1000);
    // Never below the API's own cap over the same window: the API's exact 429 decides for a crowd.
    expect(edgeSurveySubmitLimit.limit).toBeGreaterThanOrEqual((publicSubmitSurveyRateLimitDefault * 120) / 60);
  });

  it('lets the API per-survey cap hold a whole crowd inside one minute', () => {
    expect(publicSubmitSurveyRateLimitDefault).toBeGreaterThanOrEqual(1000);
  });
});

describe('invoice seller', () => {
  it('goes from the context values to the Lambda environment, the address lines split on |; a bad KvK fails synth', () => {
    const config = stageConfig({
      invoiceSellerName: 'ReviewRoute B.V.',
      invoiceSellerAddress: 'Keizersgracht 1 | 1015 AA Amsterdam',
      invoiceSellerKvk: '12345678',
      invoiceSellerVat: 'NL123456789B01',
    });
    expect(invoiceSellerEnv(config.invoiceSeller)).toEqual({
      INVOICE_SELLER_NAME: 'ReviewRoute B.V.',
      INVOICE_SELLER_ADDRESS: 'Keizersgracht 1\n1015 AA Amsterdam',
      INVOICE_SELLER_KVK: '12345678',
      INVOICE_SELLER_VAT: 'NL123456789B01',
    });
    expect(invoiceSellerEnv(stageConfig({}).invoiceSeller)).toEqual({});
    expect(() => stageConfig({ invoiceSellerKvk: '1234' })).toThrow(/KvK/);
  });
});

describe('the edge paths, from the route table', () => {
  it("puts the visitors' API under one prefix that holds no owner route and no server callback", () => {
    expect(publicApiPrefix).toBe('/api/public/');
    const under = routes.filter((route) => route.path.startsWith(publicApiPrefix));
    expect(under.every((route) => route.auth === 'public')).toBe(true);
    expect(under.map((route) => route.id)).not.toContain('payment-webhook');
    expect(under.map((route) => route.id)).not.toContain('call-request-hook');
    expect(edgeSurveySubmitLimit).toMatchObject({ pathPrefix: '/api/public/surveys/', pathSuffix: '/responses' });
  });
});

describe('texts (decisions 25)', () => {
  it('takes the platform day, the country allowlist and the sender number from context, and refuses bad ones', () => {
    expect(stageConfig({})).toMatchObject({ requestTextDailyCap: 5000 });
    expect(stageConfig({})).not.toHaveProperty('smsCountries');
    expect(
      stageConfig({ requestTextDailyCap: '800', smsCountries: 'NL,BE', smsSenderNumber: '+3197010000001' }),
    ).toMatchObject({ requestTextDailyCap: 800, smsCountries: 'NL,BE', smsSenderNumber: '+3197010000001' });
    expect(() => stageConfig({ requestTextDailyCap: '0' })).toThrow(/requestTextDailyCap/);
    expect(() => stageConfig({ smsCountries: 'Netherlands' })).toThrow(/smsCountries/);
    expect(() => stageConfig({ smsSenderNumber: '06 123' })).toThrow(/smsSenderNumber/);
  });
});
