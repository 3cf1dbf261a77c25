import { heldUntilAfter, type ExportJobRecord, type ExportJobStore } from '../../src/data/export-jobs';

/** The store's in-memory twin for unit tests, with the same claim and lock rules. */
export class MemoryExportJobStore implements ExportJobStore {
  readonly jobs = new Map<string, ExportJobRecord>();
  /** Survey id -> the export holding it and until when. */
  readonly locks = new Map<string, { exportId: string; heldUntil: string }>();
  /** The tombstone condition of the create (`createMemoryStores` wires the erasure fake's). */
  guard: (userId: string, what: string) => void = () => undefined;
  private key = (surveyId: string, exportId: string) => `${surveyId}/${exportId}`;

  async create(job: ExportJobRecord) {
    this.guard(job.ownerId, `Starting export ${job.id}`);
    const holder = await this.running(job.surveyId, job.createdAt);
    if (holder) return { running: holder };
    this.jobs.set(this.key(job.surveyId, job.id), structuredClone(job));
    this.locks.set(job.surveyId, { exportId: job.id, heldUntil: heldUntilAfter(job.createdAt) });
    return undefined;
  }

  async running(surveyId: string, now: string) {
    const lock = this.locks.get(surveyId);
    return lock && lock.heldUntil >= now ? lock.exportId : undefined;
  }

  private hold(surveyId: string, exportId: string, now: string) {
    const lock = this.locks.get(surveyId);
    if (lock?.exportId === exportId) lock.heldUntil = heldUntilAfter(now);
  }

  async get(surveyId: string, exportId: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    return job && structuredClone(job);
  }

  async claim(surveyId: string, exportId: string, now: string, staleBefore: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    if (!job || !(job.state === 'queued' || (job.state === 'running' && job.updatedAt < staleBefore))) return undefined;
    Object.assign(job, { state: 'running', rows: 0, updatedAt: now });
    this.hold(surveyId, exportId, now);
    return structuredClone(job);
  }

  async progress(surveyId: string, exportId: string, rows: number, now: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    if (job) Object.assign(job, { rows, updatedAt: now });
    this.hold(surveyId, exportId, now);
  }

  async finish(surveyId: string, exportId: string, state: 'done' | 'failed', rows: number, now: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    if (job) Object.assign(job, { state, rows, updatedAt: now });
    if (this.locks.get(surveyId)?.exportId === exportId) this.locks.delete(surveyId);
  }

  async deleteBySurvey(surveyId: string) {
    this.locks.delete(surveyId);
    for (const [key, job] of this.jobs) if (job.surveyId === surveyId) this.jobs.delete(key);
  }
}
