import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../config';
import { synthTestApp, testEnv } from '../../testing/test-app';

describe('api stack: the business finder key', () => {
  it('lets only the places Lambda read the SSM parameter named in the context, and keeps the key out of the template', () => {
    const app = synthTestApp({ context: { placesApiKeyParameter: '/reviewroute/dev/google-places-api-key' } });
    try {
      const api = app.template('api');
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: 'ReviewRoute API: places domain',
        Environment: {
          Variables: Match.objectLike({
            GOOGLE_PLACES_API_KEY_PARAMETER: '/reviewroute/dev/google-places-api-key',
            GOOGLE_PLACES_API_KEY: Match.absent(),
          }),
        },
      });
      const policies = Object.values(api.findResources('AWS::IAM::Policy'));
      const withSsm = policies.filter((p) => JSON.stringify(p).includes('ssm:GetParameter'));
      expect(withSsm).toHaveLength(1);
      expect(JSON.stringify(withSsm[0])).toContain('PlacesRole');
      expect(JSON.stringify(withSsm[0])).toContain(
        `:ssm:${testEnv.region}:${testEnv.account}:parameter/reviewroute/dev/google-places-api-key`,
      );
      expect(app.findings).toEqual([]);
    } finally {
      app.cleanup();
    }
  });

  it('refuses a parameter name that is not one', () => {
    expect(() => stageConfig({ placesApiKeyParameter: 'no leading slash' })).toThrow(/placesApiKeyParameter/);
  });
});
