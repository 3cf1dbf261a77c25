import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { surveyEntities } from './survey-repository';
import { surveyStatsEntities } from './survey-stats';
import { responseEntities } from './response-store';
import { profileEntities } from './profile-repository';
import { rateWindowEntities } from './rate-window';
import { clientKeySaltEntities } from './client-key-salts';
import { billingEntities } from './billing-repository';
import { erasureEntities } from './erasure-repository';
import { requestBatchEntities } from './request-batches';
import { requestQueueEntities } from './request-queue';
import { requestRecipientEntities } from './request-recipients';
import { requestClaimEntities } from './request-claims';
import { suppressionEntities } from './request-suppressions';
import { platformSendCountEntities } from './platform-send-counts';
import { sendingHealthEntities } from './sending-health';
import { requestFunnelEntities } from './request-funnel';
import { sentTextEntities } from './sent-texts';
import { requestHookEntities } from './request-hooks';
import { ownerAlertEntities } from './owner-alert-store';
import { exportJobEntities } from './export-jobs';
import { invoiceEntities } from './invoice-repository';
import { recoveryCodeEntities } from './recovery-codes';
import { shortLinkEntities } from './short-links';
import { textAllowanceEntities } from './text-allowance';
import { websiteReviewEntities } from './website-reviews';

/**
 * The electrodb entities on the one table (docs/data-model.md has the key design and every access pattern),
 * gathered from their owners: each entity is defined in the one module that writes it (the `…Entities`
 * factories). Keys are readable templates (`USER#…`, `SURVEY#…`) with their case kept: ids are case
 * sensitive. Empty strings are never stored (an absent attribute reads as empty), which also keeps the
 * items valid for DynamoDB Local 1.11, which refuses empty string values.
 */
export function createEntities(client: DynamoDBDocumentClient, table: string) {
  const config = { client, table };
  const entities = {
    ...surveyEntities(config),
    ...surveyStatsEntities(config),
    ...responseEntities(config),
    ...profileEntities(config),
    ...rateWindowEntities(config),
    ...clientKeySaltEntities(config),
    ...billingEntities(config),
    ...erasureEntities(config),
    ...requestBatchEntities(config),
    ...requestQueueEntities(config),
    ...requestRecipientEntities(config),
    ...requestClaimEntities(config),
    ...suppressionEntities(config),
    ...platformSendCountEntities(config),
    ...sendingHealthEntities(config),
    ...requestFunnelEntities(config),
    ...sentTextEntities(config),
    ...requestHookEntities(config),
    ...ownerAlertEntities(config),
    ...exportJobEntities(config),
    ...invoiceEntities(config),
    ...recoveryCodeEntities(config),
    ...shortLinkEntities(config),
    ...textAllowanceEntities(config),
    ...websiteReviewEntities(config),
  };
  /** Transactions across entities go through the service. */
  const reviewroute = new Service(entities, config);
  return { ...entities, service: reviewroute };
}

export type Entities = ReturnType<typeof createEntities>;
