import type { ExportedResponse } from '../src/account-export';
import type { Payment } from '../src/billing';
import type { SurveyStats } from '../src/dashboard';
import type { Survey } from '../src/survey';

/**
 * Test fixtures shared by every workspace's tests (`@reviewroute/shared/testing`); never imported by
 * product code.
 */

/** A valid survey as the owner API returns it (a draft unless overridden). */
export const sampleSurvey = (overrides: Partial<Survey> = {}): Survey => ({
  id: 's1',
  userId: 'u',
  businessName: 'Bakery',
  businessOwnerName: 'Anna',
  googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=1',
  supportEmail: 'a@b.co',
  industry: '',
  customPrompt: 'Q?',
  language: 'en',
  status: 'draft',
  surveyCode: null,
  businessSlug: null,
  landingPageUrl: null,
  businessLogoUrl: null,
  lowRatingMessage: 'l',
  midRatingMessage: 'm',
  highRatingMessage: 'h',
  contactFollowUpMessage: 'c',
  googleReviewPrompt: 'g',
  highRatingPhotoUrl: null,
  collectContactOnLowRating: false,
  offerPublicReviewToEveryone: false,
  lowRatingAlerts: true,
  lowRatingEnabled: true,
  midRatingEnabled: true,
  highRatingEnabled: true,
  reviewRulesSince: null,
  isActive: false,
  customColors: { primaryColor: '#2563eb', backgroundColor: '#ffffff' },
  version: 1,
  completedSteps: ['business'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A completed Growth payment by card (the billing history's shape), with `overrides`. */
export const samplePayment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 'tr_paid',
  amount: 120,
  currency: 'EUR',
  status: 'completed',
  providerStatus: 'paid',
  description: 'Growth - Annual Subscription',
  plan: 'growth',
  method: 'creditcard',
  cardLabel: 'Visa •••• 4242',
  createdAt: '2026-11-25T10:00:00.000Z',
  paidAt: '2026-11-25T10:01:00.000Z',
  ...overrides,
});

/** A customer's answer as stored: what the account export holds of it, less the owner's inbox state and note. */
type StoredResponse = Omit<ExportedResponse, 'state' | 'note'>;

/** A stored answer: 5 stars, no comment or contact details, unless overridden. */
export const sampleResponse = (overrides: Partial<StoredResponse> = {}): StoredResponse => ({
  id: '0195a3c4-7b00-7000-8000-0000000000a1',
  surveyId: 's1',
  rating: 5,
  comment: null,
  customerName: null,
  customerEmail: null,
  userAgent: 'test',
  googleReviewClicked: false,
  createdAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

/** A survey's stats before any response: every count zero, no feedback. */
export const emptySurveyStats = (surveyId: string): SurveyStats => ({
  surveyId,
  reviewCount: 0,
  averageRating: 0,
  fiveStarCount: 0,
  reviewClicks: 0,
  histogram: [0, 0, 0, 0, 0],
  recentFeedback: [],
});
