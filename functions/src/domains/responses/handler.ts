import { ApiError } from '../../lib/api-error';
import { createDomainHandler } from '../../lib/http';

// Placeholder so the route table, CDK and the local gateway stay consistent while the public survey
// API is being written: every route answers 404 like an unknown survey.
const notFound = () => {
  throw new ApiError('NOT_FOUND');
};

export const handler = createDomainHandler('responses', {
  'get-public-survey': notFound,
  'submit-response': notFound,
  'record-review-click': notFound,
});
