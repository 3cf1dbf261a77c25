import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { sampleSurvey } from '@reviewroute/shared/testing';
import type { OwnerContact } from '../../src/data/owner-contacts';
import type { AlertDeps } from '../../src/domains/surveys/alerts-worker';
import { MemoryOwnerAlertStore } from '../data/memory-owner-alerts';
import { createMemoryMailer } from '../mail/memory-mailer';

let sequence = 100;

/**
 * A response item's INSERT as the table's stream shows it (electrodb's attribute names and entity name): the
 * record the alerts worker reads. Strings as `S`, the rating as `N`; each record a later sequence number.
 */
export function responseInserted(rating: number, attributes: Record<string, string>): DynamoDBRecord {
  return {
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      SequenceNumber: String(++sequence),
      NewImage: {
        __edb_e__: { S: 'response' },
        rating: { N: String(rating) },
        ...Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, { S: v }])),
      },
    },
  };
}

export const streamBatch = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/**
 * The low-rating alerts' world on fakes, which the alerts and digests workers share: survey s1 ("Bakkerij Anna")
 * of owner-1, whose contact is `owner` (Dutch, unless given; `undefined`: an owner without an address).
 */
export function alertWorld(options: { alertsOn?: boolean; owner?: OwnerContact | undefined } = {}) {
  const mailer = createMemoryMailer();
  const alerts = new MemoryOwnerAlertStore();
  const survey = sampleSurvey({
    id: 's1',
    userId: 'owner-1',
    businessName: 'Bakkerij Anna',
    lowRatingAlerts: options.alertsOn ?? true,
  });
  const owner = 'owner' in options ? options.owner : { email: 'anna@bakkerij.example', language: 'nl' as const };
  const deps: AlertDeps = {
    surveys: {
      get: async (userId, surveyId) => (userId === survey.userId && surveyId === survey.id ? survey : undefined),
    },
    contacts: { contactOf: async (id) => (id === 'owner-1' ? owner : undefined) },
    alerts,
    mailer,
    from: 'no-reply@reviewroute.example',
    helpEmail: 'support@reviewroute.example',
    siteOrigin: 'https://reviewroute.example',
    mailLinkKey: async () => 'mail-link-key',
  };
  return { deps, mailer, alerts, survey };
}
