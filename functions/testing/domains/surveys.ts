import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

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
