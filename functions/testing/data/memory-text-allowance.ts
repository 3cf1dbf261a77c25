import type { ShortLinkRecord, ShortLinkStore } from '../../src/data/short-links';
import { defaultRequestSettings, type RequestSettings, type TextAllowanceStore } from '../../src/data/text-allowance';

/** The text allowance's in-memory twin: the months' counts and the owners' request settings. */
export class MemoryTextAllowance implements TextAllowanceStore {
  /** `${userId}/${month}` -> texts counted. */
  readonly counts = new Map<string, number>();
  readonly settings = new Map<string, RequestSettings>();

  async textsUsed(userId: string, month: string) {
    return this.counts.get(`${userId}/${month}`) ?? 0;
  }

  async giveBackText(userId: string, month: string) {
    const key = `${userId}/${month}`;
    this.counts.set(key, Math.max(0, (this.counts.get(key) ?? 0) - 1));
  }

  async getRequestSettings(userId: string) {
    return { ...(this.settings.get(userId) ?? defaultRequestSettings) };
  }

  async setRequestSettings(userId: string, settings: RequestSettings) {
    this.settings.set(userId, { ...settings });
    return settings;
  }

  async deleteTextAllowanceOf(userId: string) {
    for (const key of [...this.counts.keys()]) if (key.startsWith(`${userId}/`)) this.counts.delete(key);
    this.settings.delete(userId);
  }
}

/** The texts' short links' in-memory twin, with the table's rule: a code's hash keeps its first request. */
export class MemoryShortLinks implements ShortLinkStore {
  readonly links = new Map<string, ShortLinkRecord>();

  async putShortLink(codeHash: string, link: ShortLinkRecord) {
    const stored = this.links.get(codeHash);
    if (stored && (stored.batchId !== link.batchId || stored.recipientId !== link.recipientId))
      throw new Error('Short link code already taken by another request');
    this.links.set(codeHash, { ...link });
  }

  async getShortLink(codeHash: string) {
    const stored = this.links.get(codeHash);
    return stored && { ...stored };
  }
}
