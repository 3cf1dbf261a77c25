// The KeyValueStore API signs with SigV4a; this pure-JS signer (no aws-crt) installs itself where the client looks.
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  PutKeyCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { LambdaEnv } from '@reviewroute/shared';
import { surveyPagesStoreValue, type Language } from '@reviewroute/shared/domain';
import { awsClientConfig } from '../lib/env';

/**
 * CloudFront's key value store of the surveys whose pages are written (`SURVEY_PAGES_STORE_ARN`): the routing
 * function serves a survey's paths from its objects only while its code is here, with the languages written.
 */
export interface WrittenSurveyStore {
  /** Records that the survey's pages are written in these languages (replacing what was recorded). */
  put(surveyCode: string, languages: readonly Language[]): Promise<void>;
  /** Forgets the survey (its paths go back to the page's script shell); an absent code is fine. */
  delete(surveyCode: string): Promise<void>;
}

/** Without a store (locally, where the servers serve the objects themselves) there is nothing to record. */
export const noWrittenSurveyStore: WrittenSurveyStore = { put: async () => undefined, delete: async () => undefined };

/**
 * Every write names the store's current version (its ETag, from DescribeKeyValueStore); another write in between
 * makes it a conflict, and the write is tried again with the new version, a few times.
 */
export function createCloudFrontWrittenSurveyStore(
  env: LambdaEnv,
  client?: CloudFrontKeyValueStoreClient,
): WrittenSurveyStore {
  const KvsARN = env.SURVEY_PAGES_STORE_ARN;
  if (!KvsARN) return noWrittenSurveyStore;
  let kvs = client;
  // The store is global; the endpoint and the SigV4a signature come from its ARN, the region is only the client's.
  const clientOf = () => (kvs ??= new CloudFrontKeyValueStoreClient({ ...awsClientConfig(env), region: 'us-east-1' }));

  async function versioned(write: (IfMatch: string) => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await clientOf().send(new DescribeKeyValueStoreCommand({ KvsARN }));
      try {
        await write(ETag!);
        return;
      } catch (error) {
        if (!(error instanceof ConflictException) || attempt >= 3) throw error;
      }
    }
  }

  return {
    put: (surveyCode, languages) =>
      versioned((IfMatch) =>
        clientOf().send(
          new PutKeyCommand({ KvsARN, IfMatch, Key: surveyCode, Value: surveyPagesStoreValue(languages) }),
        ),
      ),
    delete: (surveyCode) =>
      versioned((IfMatch) =>
        clientOf()
          .send(new DeleteKeyCommand({ KvsARN, IfMatch, Key: surveyCode }))
          .catch((error: unknown) => {
            if (!(error instanceof ResourceNotFoundException)) throw error;
          }),
      ),
  };
}
