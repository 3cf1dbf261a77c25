import { MemoryShortLinks, MemoryTextAllowance } from './memory-text-allowance';
import { describeTextStoresContract } from './text-allowance-contract';

describeTextStoresContract('in memory', () => ({
  allowance: new MemoryTextAllowance(),
  shortLinks: new MemoryShortLinks(),
}));
