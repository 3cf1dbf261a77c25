import {
  alertDigestListed,
  earliestStart,
  windowEnd,
  type AlertWindow,
  type DueDigest,
  type LowRatingRecord,
  type OwnerAlertStore,
  type RecordOutcome,
} from '../../src/data/owner-alert-store';

/**
 * The in-memory twin for unit tests: the same rules (a response recorded once, a window guarded by its count,
 * a digest claimed once), with `exists` telling which responses are still there.
 */
export class MemoryOwnerAlertStore implements OwnerAlertStore {
  readonly marks = new Set<string>();
  readonly windows = new Map<string, AlertWindow & { closed: boolean }>();
  readonly due = new Map<string, DueDigest>();

  private static key = (surveyId: string, windowStart: string) => `${surveyId}/${windowStart}`;

  async windowAt(surveyId: string, at: string) {
    const from = earliestStart(at);
    const found = [...this.windows.values()]
      .filter((w) => w.surveyId === surveyId && w.windowStart >= from && w.windowStart <= at)
      .sort((a, b) => b.windowStart.localeCompare(a.windowStart))[0];
    return found
      ? { windowStart: found.windowStart, seen: found.seen, further: found.further, closed: found.closed }
      : undefined;
  }

  async record({ surveyId, ownerId, entry, window, kind }: LowRatingRecord): Promise<RecordOutcome> {
    const mark = `${surveyId}/${entry.responseId}`;
    if (this.marks.has(mark)) return 'already';
    const key = MemoryOwnerAlertStore.key(surveyId, window.windowStart);
    const stored = this.windows.get(key);
    if (window.isNew ? stored : !stored || stored.seen !== window.seen || stored.closed) return 'conflict';
    this.marks.add(mark);
    const next = stored ?? {
      surveyId,
      windowStart: window.windowStart,
      ownerId,
      seen: 0,
      further: 0,
      entries: [],
      closed: false,
    };
    next.seen += 1;
    if (kind === 'digest') {
      if (next.further < alertDigestListed) next.entries.push(entry);
      next.further += 1;
      const dueAt = windowEnd(window.windowStart);
      this.due.set(`${dueAt}#${key}`, { dueAt, surveyId, windowStart: window.windowStart });
    }
    this.windows.set(key, next);
    return 'recorded';
  }

  async release(surveyId: string, responseId: string, windowStart: string) {
    this.marks.delete(`${surveyId}/${responseId}`);
    const w = this.windows.get(MemoryOwnerAlertStore.key(surveyId, windowStart));
    if (w) w.seen -= 1;
  }

  async dueDigests(at: string, limit: number) {
    return [...this.due.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, d]) => d)
      .filter((d) => d.dueAt <= at)
      .slice(0, limit);
  }

  async claimDigest(due: DueDigest) {
    const w = this.windows.get(MemoryOwnerAlertStore.key(due.surveyId, due.windowStart));
    if (!w || w.closed) return undefined;
    w.closed = true;
    const { closed: _closed, ...window } = w;
    return { ...window, entries: [...window.entries] };
  }

  async releaseDigest(due: DueDigest) {
    const w = this.windows.get(MemoryOwnerAlertStore.key(due.surveyId, due.windowStart));
    if (w) w.closed = false;
  }

  async dropDue(due: DueDigest) {
    this.due.delete(`${due.dueAt}#${MemoryOwnerAlertStore.key(due.surveyId, due.windowStart)}`);
  }

  async deleteBySurvey(surveyId: string) {
    for (const [key, w] of this.windows) if (w.surveyId === surveyId) this.windows.delete(key);
  }
}
