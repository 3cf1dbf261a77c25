import { MemoryProfileRepository, MemoryResponseRepository, MemorySurveyRepository } from './memory';
import { describeRepositoryContract } from './repository-contract';

describeRepositoryContract('in memory', () => {
  const surveys = new MemorySurveyRepository();
  return { surveys, responses: new MemoryResponseRepository(surveys), profiles: new MemoryProfileRepository() };
});
