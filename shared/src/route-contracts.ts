import * as z from 'zod';
import {
  accountDeleteResponseSchema,
  accountDeleteSchema,
  accountExportPageSchema,
  accountExportQuerySchema,
} from './account-export';
import {
  emailChangeConfirmedSchema,
  emailChangeConfirmSchema,
  emailChangeStartedSchema,
  emailChangeStartSchema,
  recoveryCodesCreateSchema,
  recoveryCodesSchema,
  recoveryCodesStatusSchema,
  signInRecoveredSchema,
  signInRecoverySchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSecretSchema,
  twoFactorStartSchema,
  twoFactorStateSchema,
} from './account-security';
import { healthResponseSchema, meResponseSchema } from './api';
import {
  inboxNoteSavedSchema,
  inboxNoteSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxStateChangedSchema,
  inboxStateChangeSchema,
} from './inbox-api';
import { hiddenFromWebsiteSchema, hideFromWebsiteSchema } from './website-consent';
import { surveyWidgetSchema } from './website-widget';
import {
  createPaymentResponseSchema,
  createPaymentSchema,
  paymentListSchema,
  paymentSchema,
  paymentWebhookSchema,
} from './billing';
import { invoiceSchema } from './invoice';
import { alertLinkRequestSchema, alertLinkResponseSchema } from './alert-link';
import { contactFormTokenSchema, contactRequestSchema } from './contact';
import { exportJobSchema, exportStartedSchema, startExportSchema } from './csv-export';
import { accountSummarySchema, onboardingSchema, surveyInsightsSchema, surveyStatsSchema } from './dashboard';
import { placeSearchRequestSchema, placeSearchResponseSchema } from './places';
import { profileSchema, profileUpdateSchema } from './profile';
import {
  publicSurveySchema,
  reviewClickSchema,
  linkOpenSchema,
  startResponseResultSchema,
  submitResponseResultSchema,
  submitResponseSchema,
} from './public-survey';
import {
  createRequestBatchSchema,
  requestBatchPageSchema,
  requestBatchQuerySchema,
  requestBatchSchema,
  requestFunnelSchema,
  requestRecipientPageSchema,
  requestRecipientQuerySchema,
  unsubscribeParamsSchema,
} from './review-requests';
import {
  hookRequestResultSchema,
  hookRequestSchema,
  hookTokenParamsSchema,
  regenerateRequestHookSchema,
  requestHookCreatedSchema,
  requestHookSchema,
  requestHookStateSchema,
  updateRequestHookSchema,
} from './request-hooks';
import { requestSendingSchema } from './request-sending';
import { requestSettingsSchema, shortLinkParamsSchema, updateRequestSettingsSchema } from './sms-message';
import type { RouteId, RouteParams } from './routes';
import { surveyCreateSchema, surveyListItemSchema, surveySchema, surveyUpdateSchema } from './survey';
import { uploadConfirmSchema, uploadRequestSchema, uploadTicketSchema } from './survey-upload';

/**
 * The schemas of every route: path parameters, query, body and response, by route id. Together with the
 * entry of the same id in `routes.ts` (method, path, auth, domain, policies) this is the route's whole
 * contract: the API's router parses params, query and body with it before an implementation runs (and
 * types the implementation's answer by `response`), the web's `call(id, …)` sends and parses by it.
 *
 * Why apart from the table: the public survey page imports `@reviewroute/shared/routes` for its paths and
 * must stay zod-free (it is small on a phone). So the table keeps the zod-free half, and the schemas are
 * attached here, in a module of the main entry, by a mapped type that must name every route id exactly
 * once: a route without its schemas, or schemas for a route that does not exist, fails to compile.
 */

/** A route's schemas. `response: null`: a success carries no body (204, or an empty 200 the caller ignores). */
export interface RouteSchemas<Params = Record<string, string>> {
  /** Present exactly when the path has `{param}`s: the parsed parameters, by name. */
  readonly params?: z.ZodType<Params, Record<string, string>>;
  /** The query string's parameters (absent: none is read). */
  readonly query?: z.ZodType<Record<string, unknown>, Record<string, string | undefined>>;
  /** The JSON body (absent: none is read). */
  readonly body?: z.ZodType;
  readonly response: z.ZodType | null;
}

/** A route with `{param}`s must say how they parse; one without must not pretend to have any. */
type SchemasOf<Id extends RouteId> = keyof RouteParams<Id> extends never
  ? RouteSchemas & { readonly params?: never }
  : RouteSchemas<RouteParams<Id>> & { readonly params: z.ZodType<RouteParams<Id>, Record<string, string>> };

const surveyParams = z.object({ surveyId: z.string() });
const surveyCodeParams = z.object({ surveyCode: z.string() });

/**
 * The survey list as a client reads it: a status the client does not know yet (spec 4: "other", shown
 * blue) must not make the whole list unreadable, so the status is any string; nor must completed steps it cannot
 * read (a step added later): they read as none, so "Finish setup" starts at step 1.
 */
export const surveyListingSchema = z.object({
  surveys: z.array(
    surveyListItemSchema.extend({
      status: z.string(),
      completedSteps: surveyListItemSchema.shape.completedSteps.catch([]),
    }),
  ),
});
export type ListedSurvey = z.infer<typeof surveyListingSchema>['surveys'][number];

export const routeContracts = {
  health: { response: healthResponseSchema },
  me: { response: meResponseSchema },
  'get-profile': { response: profileSchema },
  'update-profile': { body: profileUpdateSchema, response: profileSchema },
  'list-surveys': { response: surveyListingSchema },
  'create-survey': { body: surveyCreateSchema, response: surveySchema },
  'get-survey': { params: surveyParams, response: surveySchema },
  'update-survey': { params: surveyParams, body: surveyUpdateSchema, response: surveySchema },
  'delete-survey': { params: surveyParams, response: null },
  'publish-survey': { params: surveyParams, response: surveySchema },
  'create-upload': { params: surveyParams, body: uploadRequestSchema, response: uploadTicketSchema },
  'confirm-upload': { params: surveyParams, body: uploadConfirmSchema, response: surveySchema },
  'get-survey-stats': { params: surveyParams, response: surveyStatsSchema },
  'get-onboarding': { params: surveyParams, response: onboardingSchema },
  'get-survey-insights': { params: surveyParams, response: surveyInsightsSchema },
  'get-account': { response: accountSummarySchema },
  'export-account': { query: accountExportQuerySchema, response: accountExportPageSchema },
  'delete-account': { body: accountDeleteSchema, response: accountDeleteResponseSchema },
  'get-two-factor': { response: twoFactorStateSchema },
  'start-two-factor': { body: twoFactorStartSchema, response: twoFactorSecretSchema },
  'confirm-two-factor': { body: twoFactorConfirmSchema, response: twoFactorStateSchema },
  'disable-two-factor': { body: twoFactorDisableSchema, response: twoFactorStateSchema },
  'start-email-change': { body: emailChangeStartSchema, response: emailChangeStartedSchema },
  'confirm-email-change': { body: emailChangeConfirmSchema, response: emailChangeConfirmedSchema },
  'get-recovery-codes': { response: recoveryCodesStatusSchema },
  'create-recovery-codes': { body: recoveryCodesCreateSchema, response: recoveryCodesSchema },
  'recover-sign-in': { body: signInRecoverySchema, response: signInRecoveredSchema },
  'list-payments': { response: paymentListSchema },
  'create-payment': { body: createPaymentSchema, response: createPaymentResponseSchema },
  'get-payment': { params: z.object({ paymentId: z.string() }), response: paymentSchema },
  'get-invoice': { params: z.object({ paymentId: z.string() }), response: invoiceSchema },
  'get-credit-note': { params: z.object({ paymentId: z.string() }), response: invoiceSchema },
  'refund-payment': { params: z.object({ paymentId: z.string() }), response: paymentSchema },
  // Mollie reads only the status.
  'payment-webhook': { body: paymentWebhookSchema, response: null },
  'search-places': { body: placeSearchRequestSchema, response: placeSearchResponseSchema },
  'get-public-survey': { params: surveyCodeParams, response: publicSurveySchema },
  'start-response': { params: surveyCodeParams, response: startResponseResultSchema },
  'submit-response': { params: surveyCodeParams, body: submitResponseSchema, response: submitResponseResultSchema },
  // The reviews widget's read (decisions 27): 404 for an unpublished or deleted survey, like the survey read.
  'get-survey-widget': { params: surveyCodeParams, response: surveyWidgetSchema },
  // The code names the response's survey, so the click is one conditional update of the response.
  'record-review-click': {
    params: z.object({ surveyCode: z.string(), responseId: z.string() }),
    body: reviewClickSchema,
    response: null,
  },
  'send-contact-email': { body: contactRequestSchema, response: null },
  'start-contact-form': { response: contactFormTokenSchema },
  'create-request-batch': { params: surveyParams, body: createRequestBatchSchema, response: requestBatchSchema },
  'list-request-batches': { params: surveyParams, query: requestBatchQuerySchema, response: requestBatchPageSchema },
  'list-request-recipients': {
    params: z.object({ surveyId: z.string(), batchId: z.string() }),
    query: requestRecipientQuerySchema,
    response: requestRecipientPageSchema,
  },
  'get-request-sending': { response: requestSendingSchema },
  // 409 after a second pause: only we can lift that one.
  'resume-request-sending': { response: requestSendingSchema },
  'get-request-settings': { response: requestSettingsSchema },
  'update-request-settings': { body: updateRequestSettingsSchema, response: requestSettingsSchema },
  // A 302 to the personal link or the unsubscribe page; an unknown code is 404.
  'open-short-link': { params: shortLinkParamsSchema, response: null },
  // One click from the mail client (RFC 8058): 200, whatever the token, so nobody learns which tokens exist.
  unsubscribe: { params: unsubscribeParamsSchema, response: null },
  'set-alerts-by-link': {
    params: z.object({ token: z.string().max(200) }),
    body: alertLinkRequestSchema,
    response: alertLinkResponseSchema,
  },
  // The review-request webhook: a wrong or replaced token is none (404), like a survey that does not exist.
  'call-request-hook': { params: hookTokenParamsSchema, body: hookRequestSchema, response: hookRequestResultSchema },
  'get-request-hook': { params: surveyParams, response: requestHookStateSchema },
  'regenerate-request-hook': {
    params: surveyParams,
    body: regenerateRequestHookSchema,
    response: requestHookCreatedSchema,
  },
  'update-request-hook': { params: surveyParams, body: updateRequestHookSchema, response: requestHookSchema },
  // The feedback inbox: another owner's survey is none (404); its response ids are not in this survey.
  'list-inbox': { params: surveyParams, query: inboxQuerySchema, response: inboxPageSchema },
  'set-inbox-state': { params: surveyParams, body: inboxStateChangeSchema, response: inboxStateChangedSchema },
  'set-inbox-note': {
    params: z.object({ surveyId: z.string(), responseId: z.string() }),
    body: inboxNoteSchema,
    response: inboxNoteSavedSchema,
  },
  // Only toward "not shown": a response without the customer's consent is a conflict (409).
  'hide-from-website': {
    params: z.object({ surveyId: z.string(), responseId: z.string() }),
    body: hideFromWebsiteSchema,
    response: hiddenFromWebsiteSchema,
  },
  'start-export': { params: surveyParams, body: startExportSchema, response: exportStartedSchema },
  'get-export': {
    params: z.object({ surveyId: z.string(), exportId: z.string().max(64) }),
    response: exportJobSchema,
  },
  // 204 whatever the token: the call tells nobody which tokens exist.
  'record-link-open': { params: surveyCodeParams, body: linkOpenSchema, response: null },
  'get-request-funnel': { params: surveyParams, response: requestFunnelSchema },
} as const satisfies { [Id in RouteId]: SchemasOf<Id> };

export type RouteContracts = typeof routeContracts;
type ContractOf<Id extends RouteId> = RouteContracts[Id];
type SchemaAt<Id extends RouteId, K extends keyof RouteSchemas> = K extends keyof ContractOf<Id>
  ? ContractOf<Id>[K] extends z.ZodType
    ? ContractOf<Id>[K]
    : undefined
  : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the router hands an implementation: parsed path parameters, query and body (undefined: none). */
export type RouteParamsOf<Id extends RouteId> = Parsed<SchemaAt<Id, 'params'>>;
export type RouteQueryOf<Id extends RouteId> = Parsed<SchemaAt<Id, 'query'>>;
export type RouteBodyOf<Id extends RouteId> = Parsed<SchemaAt<Id, 'body'>>;
/** What a client sends: the schemas' input side (defaults still optional). */
export type RouteQueryInput<Id extends RouteId> = Sent<SchemaAt<Id, 'query'>>;
export type RouteBodyInput<Id extends RouteId> = Sent<SchemaAt<Id, 'body'>>;
/** What the API answers on success: an implementation's body (input side), a client's result (output side). */
export type RouteResponseBody<Id extends RouteId> = Sent<SchemaAt<Id, 'response'>>;
export type RouteResult<Id extends RouteId> =
  SchemaAt<Id, 'response'> extends z.ZodType ? z.output<SchemaAt<Id, 'response'>> : void;

/** The schemas of route `id` (widened: for code that handles any route). */
export const contractOf = (id: RouteId): RouteSchemas => routeContracts[id];

/** Ids of the routes that read a JSON body. */
export type RouteWithBody = { [Id in RouteId]: RouteBodyOf<Id> extends undefined ? never : Id }[RouteId];
