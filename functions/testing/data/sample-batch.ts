import type { RequestBatchRecord } from '../../src/data/request-batches';

/**
 * Batch `n` of an owner's survey as the paging tests store it: ids that sort by `n` (so newest first is
 * highest `n` first), one customer, nothing sent yet; `overrides` set the rest (owner, survey, source).
 */
export const sampleBatch = (
  n: number,
  overrides: Partial<RequestBatchRecord> & Pick<RequestBatchRecord, 'userId' | 'surveyId'>,
): RequestBatchRecord => ({
  id: `0190d7d0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  state: 'preparing',
  total: 1,
  template: null,
  sendAt: '2026-11-26T09:00:00.000Z',
  permissionConfirmedAt: '2026-11-26T09:00:00.000Z',
  createdAt: '2026-11-26T09:00:00.000Z',
  waitingUntil: null,
  source: 'upload',
  ...overrides,
});
