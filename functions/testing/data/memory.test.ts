import { createMemoryStores } from './memory';
import { describeRepositoryContracts } from './repository-contract';

describeRepositoryContracts('in memory', createMemoryStores);
