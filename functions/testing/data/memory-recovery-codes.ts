import { recoveryCodeHash, type RecoveryCodeSet, type RecoveryCodeStore } from '../../src/data/recovery-codes';
import type { ErasedGuard } from './memory';

/** The owners' recovery codes in memory, hashed as the table keeps them (`sets`: owner -> hashes and creation). */
export class MemoryRecoveryCodeStore implements RecoveryCodeStore {
  readonly sets = new Map<string, { hashes: Set<string>; createdAt: string }>();
  guard: ErasedGuard = () => undefined;

  async replace(userId: string, codes: readonly string[], createdAt: string) {
    this.guard(userId, 'Replacing recovery codes');
    this.sets.set(userId, { hashes: new Set(codes.map((code) => recoveryCodeHash(userId, code))), createdAt });
  }

  async consume(userId: string, code: string) {
    return this.sets.get(userId)?.hashes.delete(recoveryCodeHash(userId, code)) ?? false;
  }

  async get(userId: string): Promise<RecoveryCodeSet | undefined> {
    const set = this.sets.get(userId);
    return set && { remaining: set.hashes.size, createdAt: set.createdAt };
  }

  async deleteByOwner(userId: string) {
    this.sets.delete(userId);
  }
}
