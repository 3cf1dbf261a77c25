import { describe, expect, it } from 'vitest';
import { fuzzPublicRoutes, publicRoutes } from './public-fuzz';

describe('public routes under hostile input', () => {
  it('covers every public route of the route table', () => {
    expect(publicRoutes.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'health',
        'get-public-survey',
        'submit-response',
        'record-review-click',
        'call-request-hook',
      ]),
    );
  });

  // The fast version; `npm run bench` sends ten thousand (tests/bench/60-fuzz.bench.ts).
  it('never answers 5xx and stores nothing for a refused request', async () => {
    const report = await fuzzPublicRoutes({ inputs: 400 });
    expect(report.serverErrorSamples).toEqual([]);
    expect(report.storedOnRefusalSamples).toEqual([]);
    expect(report.inputs).toBe(400);
    // Some of the mutated samples get through, so the fuzzing reaches past validation.
    expect(Object.keys(report.statuses).some((status) => Number(status) < 300)).toBe(true);
  });
});
