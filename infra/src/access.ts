import { type ApiDomain, type WorkerId, assetsBucketDefinition } from '@reviewroute/shared';

/** The item-level DynamoDB actions a handler may need (a transaction is authorised per item action). */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

export type AssetAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject' | 's3:AbortMultipartUpload';

/** What one domain's Lambda may do beyond writing its own logs. */
export interface DomainAccess {
  /** On the table and its named indexes. */
  readonly table?: readonly TableAction[];
  /** Object actions per key prefix of the survey-assets bucket. */
  readonly assets?: readonly { readonly prefix: string; readonly actions: readonly AssetAction[] }[];
  /** s3:ListBucket on the assets bucket: a missing object answers 404 instead of 403, and prefixes can be listed. */
  readonly listAssets?: boolean;
  /** cloudfront:CreateInvalidation on the site's distribution (replaced or removed `/files/*` objects). */
  readonly invalidateAssets?: boolean;
  /**
   * The key value store of the surveys whose pages are written (SURVEY_PAGES_STORE_ARN), on that store alone:
   * DescribeKeyValueStore (its version, which every write names), PutKey, DeleteKey.
   */
  readonly surveyPagesStore?: boolean;
  /** Cognito actions on our user pool only. */
  readonly userPool?: readonly string[];
  /** secretsmanager:GetSecretValue on the Mollie API key's secret (the api stack creates it). */
  readonly mollieKey?: boolean;
  /**
   * secretsmanager:GetSecretValue on the mail-link key (the api stack generates it) and MAIL_LINK_SECRET_ARN: signs
   * (the alerts and digests workers) or checks (the surveys Lambda) the switch-off link of the owner's alert mails;
   * derives the review requests' link and unsubscribe secrets (the requests Lambda and worker).
   */
  readonly mailLinkKey?: boolean;
  /** The table's change stream (DescribeStream, GetShardIterator, GetRecords, ListStreams): a stream worker's. */
  readonly tableStream?: boolean;
  /** ses:SendEmail as the product's sender (CONTACT_FROM_ADDRESS), through the mail layer (functions/src/mail). */
  readonly sendMail?: boolean;
  /**
   * ses:SendEmail as the review requests' sender alone (REQUEST_MAIL_FROM_ADDRESS, its own sending subdomain and
   * configuration set, decisions 26): the requests worker's, which sends nothing else.
   */
  readonly sendRequestMail?: boolean;
  /**
   * sms-voice:SendTextMessage with the texts' configuration set alone (SMS_CONFIGURATION_SET, decisions 26): the
   * requests worker's.
   */
  readonly sendText?: boolean;
}

const { incomingPrefix, publicPrefix, exportsPrefix } = assetsBucketDefinition;

/** An item's whole life cycle: read, list, create, change, delete (in batches too); no scan. */
const itemLifecycle: readonly TableAction[] = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * What an account erasure needs; the account Lambda and the erasure worker both run it. The erasure tombstone
 * (`ERASED#{hash}`) is written (PutItem) at the confirmation and renewed by every run.
 */
function erasureAccess(
  morePoolActions: readonly string[] = [],
  moreTableActions: readonly TableAction[] = [],
): DomainAccess {
  return {
    table: [...itemLifecycle, ...moreTableActions],
    assets: [
      { prefix: incomingPrefix, actions: ['s3:DeleteObject'] },
      { prefix: publicPrefix, actions: ['s3:DeleteObject'] },
      // A survey's CSV exports go with it.
      { prefix: exportsPrefix, actions: ['s3:DeleteObject'] },
    ],
    listAssets: true,
    invalidateAssets: true,
    // An erased survey's code leaves the store of written pages with its pages.
    surveyPagesStore: true,
    userPool: [
      ...morePoolActions,
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDeleteUser',
    ],
  };
}

/**
 * Least privilege per worker of the worker table (shared/src/workers.ts), keyed by its id: a new worker
 * without its line here fails `tsc`.
 */
export const workerAccess: Readonly<Record<WorkerId, DomainAccess>> = {
  // Continues account erasures on a schedule: exactly what the account Lambda's inline erasure may do.
  erasure: erasureAccess(),
  // Reads the table's stream; counts each response and review click once: a conditional update of the
  // response (its counted marker) and an ADD to the tally, in one transaction (no read, no delete).
  stats: { table: ['dynamodb:UpdateItem'], tableStream: true },
  // Reads the table's stream; reads a survey's widget item (GetItem) and, after a hide, its newest commented
  // responses (a query of the feedback index); writes the item under its version in one transaction with a
  // condition check of the response shown or the hidden response's mark (a conditional update). No delete.
  'website-reviews': {
    table: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    ],
    tableStream: true,
  },
  // Reads the table's stream; reads the survey (its switch, its name), its owner's address from Cognito and
  // language from their profile (GetItem); finds the survey's alert window (a query of the survey's partition); in one transaction sets
  // each response's alert mark (a conditional update), counts it in its window (an update) and, for the first
  // digest entry, puts the window's due item; gives mark and count back if the send failed; mails. No delete.
  alerts: {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
    tableStream: true,
    userPool: ['cognito-idp:AdminGetUser'],
    sendMail: true,
    mailLinkKey: true,
  },
  // Lists the due digests (a query of their one partition), closes each window (a conditional update) and
  // reopens it if the send failed, reads the survey and the owner's address, mails, deletes the due item.
  digests: {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    userPool: ['cognito-idp:AdminGetUser'],
    sendMail: true,
    mailLinkKey: true,
  },
  // Sends the due review-request batches: lists the queue and each batch's recipients, reads the survey, the
  // owner's and the platform's suppressions (BatchGetItem) and plan (billing history; the account's creation
  // date from Cognito); claims each request in a transaction (conditional update of the recipient, put of the
  // address's contact mark, condition checks of the suppressions, update of the day's count), counts each sent
  // mail in the owner's sending health (GetItem, a conditional put; a pause queues the owner's notice: a put),
  // confirms it, gives a throttled claim back (deletes its contact mark), removes a finished batch's queue entry;
  // counts each send in the platform's day (an update); mails from the requests' own sender. Each request's link and unsubscribe secrets are derived
  // under the mail-link key.
  requests: {
    table: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    userPool: ['cognito-idp:AdminGetUser'],
    sendRequestMail: true,
    sendText: true,
    mailLinkKey: true,
  },
  // A bounce or complaint of a review request: puts the address on the platform's list and, while the owner's
  // account is still enabled (Cognito), on their suppression list (conditional puts), and counts it in the
  // owner's sending health (a read and a conditional put; a pause it starts queues the owner's notice: a put). A
  // delivery marks the request's row delivered (a conditional update).
  'mail-events': {
    table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    userPool: ['cognito-idp:AdminGetUser'],
  },
  // A text's delivery report or reply: keeps which request a text was (a put), reads it back and the recipient
  // (GetItem), marks the recipient delivered, failed or suppressed (conditional updates), and while the owner's
  // account is still enabled (Cognito) puts a STOP's number on their suppression list (a conditional put) and counts
  // failures and opt-outs in their sending health (a read and a conditional put).
  'text-events': {
    table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    userPool: ['cognito-idp:AdminGetUser'],
  },
  // The reputation guard's notices: lists the queued ones (a query of their one partition), takes each (a
  // conditional delete), reads the owner's sending health (GetItem), their address (Cognito) and language (the
  // profile: GetItem), and mails them from the product's sender.
  'pause-notices': {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
    userPool: ['cognito-idp:AdminGetUser'],
    sendMail: true,
  },
  // Reads the table's stream; counts each review request's funnel steps once: a conditional update of the
  // recipient (its counted marks) and an ADD to the survey's funnel, in one transaction; reads a recipient that
  // changed meanwhile again (GetItem). No delete.
  funnel: { table: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], tableStream: true },
  // Reads the table's stream for new export jobs; claims a job and records its progress (conditional updates),
  // reads the survey (its name) and pages its responses (queries); writes the file to the exports prefix as a
  // multipart upload (PutObject covers its parts), aborting it on failure. Nothing else.
  exports: {
    table: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
    tableStream: true,
    assets: [{ prefix: exportsPrefix, actions: ['s3:PutObject', 's3:AbortMultipartUpload'] }],
  },
};

/**
 * What a Lambda running several workers may do: exactly what each of them may (a stream reader's role: its
 * workers' entries above, together). Every field is named, so a new kind of right fails `tsc` here until it is.
 */
export function accessOfAll(accesses: readonly DomainAccess[]): {
  [K in keyof Required<DomainAccess>]: DomainAccess[K];
} {
  const union = <T>(lists: readonly (readonly T[] | undefined)[]) => [...new Set(lists.flatMap((list) => list ?? []))];
  const any = (flag: (access: DomainAccess) => boolean | undefined) => accesses.some(flag) || undefined;
  return {
    table: union(accesses.map((a) => a.table)),
    assets: accesses.flatMap((a) => a.assets ?? []),
    userPool: union(accesses.map((a) => a.userPool)),
    listAssets: any((a) => a.listAssets),
    invalidateAssets: any((a) => a.invalidateAssets),
    surveyPagesStore: any((a) => a.surveyPagesStore),
    mollieKey: any((a) => a.mollieKey),
    mailLinkKey: any((a) => a.mailLinkKey),
    tableStream: any((a) => a.tableStream),
    sendMail: any((a) => a.sendMail),
    sendRequestMail: any((a) => a.sendRequestMail),
    sendText: any((a) => a.sendText),
  };
}

/**
 * Least privilege, per API domain, in one place: each Lambda's role gets exactly these. The actions follow
 * the repositories each domain's handler builds (`functions/src/domains/<d>/handler.ts`); a domain that
 * starts using another repository call needs its line here, or AWS answers AccessDenied (the local stack
 * does not check IAM).
 */
export const domainAccess: Readonly<Record<ApiDomain, DomainAccess>> = {
  // Review requests: a batch is created (a conditional put, its recipients in batch writes, its queue entry and
  // its owner's turn: an update) and made scheduled (an update); the owner's daily quota counts in rate windows
  // (updates); lists are queries and reads; the customers' unsubscribe reads the recipient, creates the suppression (a conditional put) and skips a queued request (an update). Creating a
  // batch reads the erasure tombstone first (GetItem).
  // The batch's creating writes carry the owner's tombstone as a condition (ConditionCheckItem in their
  // transactions); a batch whose scheduling the tombstone refused is deleted again (DeleteItem).
  // The inbound webhook: reads the survey's hook (GetItem), counts the hook's rate window (UpdateItem), reads and
  // creates the external id's record (GetItem, a conditional Put in the scheduling transaction) and records a
  // batch of one as above; the owner's hook routes put the hook (with the tombstone check) and update its delay.
  requests: {
    table: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    // The hashes of each new request's link and unsubscribe secrets are made under the mail-link key.
    mailLinkKey: true,
  },
  // The health check touches nothing.
  system: {},
  // The profile (get, partial update; a recorded interface language is mirrored into Cognito's `locale` with
  // AdminUpdateUserAttributes, for the mails Cognito's triggers send); GET /api/account reads the account's creation date (decisions 10)
  // and the owner's billing history (a query of the owner's partition) for the plan state.
  // Account deletion (decisions 14) erases inline as far as its time allows, as the erasure worker does:
  // the job item, every item of the owner and their surveys (batch and transactional deletes), the surveys'
  // files and incoming uploads, and the Cognito user (locked out first). The profile update (an upsert) reads
  // the erasure tombstone first (GetItem), as every route that creates data does.
  // Sensitive changes (turning two-step verification off, a new e-mail address, deletion) first prove the
  // password, and the authenticator code, to Cognito as the web client (AdminInitiateAuth,
  // AdminRespondToAuthChallenge), then act (AdminSetUserMFAPreference, AdminUpdateUserAttributes) and mail the
  // owner's notice. Setting up the authenticator app and confirming a new address open a session of the owner as
  // the server client (AdminInitiateAuth) and call Cognito with its access token (AssociateSoftwareToken,
  // VerifySoftwareToken, VerifyUserAttribute: authorised by the token, not IAM; RevokeToken ends it).
  // Recovery codes (one item per owner, hashes) are written and spent on the table; a sign-in with
  // one finds the user by address (AdminGetUser) and is counted per viewer with the day's client-key salt.
  // The profile's upsert carries the owner's tombstone as a condition (ConditionCheckItem in its transaction).
  // Before a deletion starts, a plan paid less than 14 days ago is refunded through Mollie (its key from the
  // secret, decisions 28) and the owner is mailed the deletion's confirmation.
  account: {
    ...erasureAccess(
      [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminInitiateAuth',
        'cognito-idp:AdminRespondToAuthChallenge',
        'cognito-idp:AdminSetUserMFAPreference',
        'cognito-idp:AdminUpdateUserAttributes',
      ],
      ['dynamodb:ConditionCheckItem'],
    ),
    mollieKey: true,
    sendMail: true,
  },
  // Owners' surveys, their dashboard and uploads: the full item life cycle (a deleted survey takes its
  // responses with it in batches), presigned POSTs into incoming/, the confirm step's check and copy to
  // the public prefix, and removal of replaced or deleted files with their CloudFront paths. Creating a
  // survey, an upload or a code reads the erasure tombstone first (GetItem).
  // Creating a draft, its profile prefill and publishing carry the owner's tombstone as a condition
  // (ConditionCheckItem in their transactions).
  surveys: {
    table: [...itemLifecycle, 'dynamodb:ConditionCheckItem'],
    assets: [
      { prefix: incomingPrefix, actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] },
      { prefix: publicPrefix, actions: ['s3:PutObject', 's3:DeleteObject'] },
      // A deleted survey's CSV exports go with it.
      { prefix: exportsPrefix, actions: ['s3:DeleteObject'] },
    ],
    listAssets: true,
    invalidateAssets: true,
    // A published survey's code is put in the store of written pages after they are written, deleted before they go.
    surveyPagesStore: true,
    // The public switch-off link of the low-rating alerts (`set-alerts-by-link`) is checked with it.
    mailLinkKey: true,
    // Publishing checks the plan's active surveys (decisions 22): the account's creation date (the trial's
    // start) from Cognito; the billing history is a query of the owner's partition (in itemLifecycle).
    userPool: ['cognito-idp:AdminGetUser'],
  },
  // Rate windows of the business finder (the owner's, their plan's daily allowance, the global daily budget)
  // and its cached results (GetItem, PutItem); the owner's plan state: the billing history (Query) and the
  // account's creation date from Cognito.
  places: {
    table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
    userPool: ['cognito-idp:AdminGetUser'],
  },
  // The anonymous survey page: reads a published survey (cached), writes a response (one conditional put, its
  // own idempotency record; a retry reads it), flags its review click (a conditional update), and counts a
  // client already over its soft limit in a rate window (UpdateItem). No delete, no scan, no S3.
  // A review request's personal token on the visit, the submit or the click: the recipient read (GetItem) and
  // its link marks set (a conditional update).
  public: { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  // Billing records in the owner's partition: listed (query), read, and written whole with a condition (a
  // conditional put: the webhook never lets a stale status overwrite a final one). Never a delete (account
  // deletion erases them), never S3. The Mollie key from its secret. Creating a payment reads the erasure
  // tombstone first (GetItem).
  // The payment confirmation mail: the owner's address and language from Cognito, sent through SES.
  // The webhook finds a payment's owner by its id (Query of gsi1). A paid payment's invoice: the year's counter
  // raised (UpdateItem), the invoice created (PutItem) and the payment checked as paid (ConditionCheckItem) in
  // one transaction; the buyer copied onto it from the owner's profile (GetItem). The payment's put and the
  // invoice's transaction carry the owner's erasure tombstone as a condition (ConditionCheckItem). The per-owner limit on created payments counts in a rate window (UpdateItem). A payment turned paid wakes the owner's parked review-request queue (UpdateItem of its owner entry).
  payments: {
    table: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    ],
    mollieKey: true,
    userPool: ['cognito-idp:AdminGetUser'],
    sendMail: true,
  },
  // Rate windows of the contact form, keyed with the day's client-key salt (read, or created once a day); the
  // message to the operator through SES.
  contact: { table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], sendMail: true },
  // CSV exports: reads the survey (ownership), the owner's language (Cognito), creates the job (a conditional
  // put) and reads it; signs a GET of the finished file (the signer needs s3:GetObject on it). Starting one
  // reads the erasure tombstone first (GetItem).
  exports: {
    table: ['dynamodb:GetItem', 'dynamodb:PutItem'],
    assets: [{ prefix: exportsPrefix, actions: ['s3:GetObject'] }],
    userPool: ['cognito-idp:AdminGetUser'],
  },
};
