import { describeAccountDataContract } from './account-data-contract';
import {
  MemoryAccountData,
  MemoryBillingRepository,
  MemoryProfileRepository,
  MemoryResponseRepository,
  MemorySurveyRepository,
} from './memory';
import { describeBillingRepositoryContract, describeRepositoryContract } from './repository-contract';

describeRepositoryContract('in memory', () => {
  const surveys = new MemorySurveyRepository();
  return { surveys, responses: new MemoryResponseRepository(surveys), profiles: new MemoryProfileRepository() };
});

describeBillingRepositoryContract('in memory', () => new MemoryBillingRepository());

describeAccountDataContract('in memory', () => {
  const surveys = new MemorySurveyRepository();
  const responses = new MemoryResponseRepository(surveys);
  const profiles = new MemoryProfileRepository();
  const billing = new MemoryBillingRepository();
  return { surveys, responses, profiles, billing, data: new MemoryAccountData(responses, profiles, billing) };
});
