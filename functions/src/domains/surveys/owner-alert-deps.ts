import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { createDynamoOwnerAlertStore, type OwnerAlertStore } from '../../data/owner-alert-store';
import { createCognitoOwnerContacts, type OwnerContacts } from '../../data/owner-contacts';
import type { SurveyRepository } from '../../data/survey-repository';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { mailLinkKeyOf, type MailLinkKey } from '../../lib/mail-link-key';
import type { Mailer } from '../../mail/mailer';
import { ownerMailSettings } from '../../mail/owner-mail';
import { sesMailerOf } from '../../mail/ses-mailer';

/** What both low-rating mail workers (the single alerts and the hourly digests) work with. */
export interface OwnerAlertDeps {
  surveys: Pick<SurveyRepository, 'get'>;
  contacts: OwnerContacts;
  alerts: OwnerAlertStore;
  mailer: Mailer;
  from: string;
  /** The monitored help address the mails' footer names. */
  helpEmail: string;
  siteOrigin: string;
  /** Signs the footer's switch-off link. */
  mailLinkKey: MailLinkKey;
}

/** The workers' dependencies in one environment; undefined without a sender (nobody is mailed then). */
export function ownerAlertDepsOf(env: LambdaEnv): OwnerAlertDeps | undefined {
  const settings = ownerMailSettings(env);
  if (!settings) return undefined;
  const entities = tableEntities(env);
  return {
    surveys: createDynamoSurveyRepository(entities),
    contacts: createCognitoOwnerContacts(env),
    alerts: createDynamoOwnerAlertStore(entities),
    mailer: sesMailerOf(env),
    from: settings.from,
    helpEmail: settings.helpEmail,
    siteOrigin: env.SITE_ORIGIN,
    mailLinkKey: mailLinkKeyOf(env),
  };
}
