/**
 * The one DynamoDB table (single-table design). The CDK data stack and the local provisioning both
 * build the table from this description; the electrodb entities in functions/ use its index names.
 */
export const tableDefinition = {
  /** CloudFormation picks the physical name in AWS; locally this is the table name. */
  localTableName: 'reviewroute',
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: { name: 'gsi1pk', type: 'S' }, sortKey: { name: 'gsi1sk', type: 'S' } },
    // The owner's feedback inbox (docs/data-model.md "Secondary indexes"). CloudFormation adds one GSI per
    // update of a table, so a further index goes in a later deploy.
    { indexName: 'gsi2', partitionKey: { name: 'gsi2pk', type: 'S' }, sortKey: { name: 'gsi2sk', type: 'S' } },
  ],
  /** Items with this epoch-seconds attribute expire (rate-limit windows, salts, tombstones). */
  timeToLiveAttribute: 'expiresAt',
  /**
   * The table's change stream (decisions 20): the stats worker counts responses and review clicks from it.
   * Old and new images, so a review click (googleReviewClicked false -> true) is told from other changes.
   */
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type TableDefinition = typeof tableDefinition;

const keySchema = (key: { partitionKey: { name: string }; sortKey: { name: string } }) => [
  { AttributeName: key.partitionKey.name, KeyType: 'HASH' as const },
  { AttributeName: key.sortKey.name, KeyType: 'RANGE' as const },
];

/**
 * The table's keys and indexes in DynamoDB's API shape, which CreateTable and CloudFormation's table
 * resource share: the local provisioning creates the table with it, the data stack's test expects it.
 */
export const tableKeySchema = (def: TableDefinition = tableDefinition) => ({
  KeySchema: keySchema(def),
  GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((gsi) => ({
    IndexName: gsi.indexName,
    KeySchema: keySchema(gsi),
    Projection: { ProjectionType: 'ALL' as const },
  })),
});

/** The survey-assets bucket (spec 3 "Files"); AWS appends a unique suffix, locally it is this name. */
export const assetsBucketDefinition = {
  localBucketName: 'survey-assets',
  /** Browser uploads are presigned POSTs from the app's origin. */
  corsAllowedMethods: ['POST', 'GET', 'HEAD'],
  /** Presigned POSTs write here; private (CloudFront never serves it) and expired after a day. */
  incomingPrefix: 'incoming/',
  /** Confirmed files live here; the only prefix CloudFront serves, at the same path (`/files/…`). */
  publicPrefix: 'files/',
  /** CSV exports of responses, `exports/{surveyId}/{exportId}.csv`: private (presigned GETs only), expired after a day. */
  exportsPrefix: 'exports/',
} as const;
