import type { ExportJobRecord, ExportJobStore } from '../../src/data/export-jobs';

/** The store's in-memory twin for unit tests, with the same claim rule. */
export class MemoryExportJobStore implements ExportJobStore {
  readonly jobs = new Map<string, ExportJobRecord>();
  /** The tombstone condition of the create (`createMemoryStores` wires the erasure fake's). */
  guard: (userId: string, what: string) => void = () => undefined;
  private key = (surveyId: string, exportId: string) => `${surveyId}/${exportId}`;

  async create(job: ExportJobRecord) {
    this.guard(job.ownerId, `Starting export ${job.id}`);
    this.jobs.set(this.key(job.surveyId, job.id), structuredClone(job));
  }

  async get(surveyId: string, exportId: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    return job && structuredClone(job);
  }

  async claim(surveyId: string, exportId: string, now: string, staleBefore: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    if (!job || !(job.state === 'queued' || (job.state === 'running' && job.updatedAt < staleBefore))) return undefined;
    Object.assign(job, { state: 'running', rows: 0, updatedAt: now });
    return structuredClone(job);
  }

  async progress(surveyId: string, exportId: string, rows: number, now: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    if (job) Object.assign(job, { rows, updatedAt: now });
  }

  async finish(surveyId: string, exportId: string, state: 'done' | 'failed', rows: number, now: string) {
    const job = this.jobs.get(this.key(surveyId, exportId));
    if (job) Object.assign(job, { state, rows, updatedAt: now });
  }

  async deleteBySurvey(surveyId: string) {
    for (const [key, job] of this.jobs) if (job.surveyId === surveyId) this.jobs.delete(key);
  }
}
