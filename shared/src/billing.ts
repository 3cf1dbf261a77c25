import * as z from 'zod';
import { languages } from './domain/language';
import { planIds, planPricing, type PlanId } from './domain/plans';
import { profileMessages, profileTextLimits, vatNumberField } from './profile';

/**
 * Payments and the billing history (spec 2 "Payments", "Payment form", 3 "Billing history", 9;
 * decisions 10, 11). The browser names a plan or a manual amount; for a plan the API charges the
 * amount from `planPricing`, never one the browser sent.
 */

/** Spec 9 "Currencies", in the order the manual form's select lists them. */
export const currencies = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK'] as const;
export type Currency = (typeof currencies)[number];

/**
 * A manual payment is at least €1, in EUR only: decisions 22 keeps payments below the Starter amount (recorded and
 * invoiced, activating nothing), so the minimum only stops the €0.01 charges of a card tester, together with the
 * per-owner limit on created payments; the plan tiers (EUR thresholds) need no exchange rate.
 */
export const minManualAmount = 1;
export const manualPaymentCurrencies = ['EUR'] as const satisfies readonly Currency[];

/** Spec 9 "Manual payment defaults": the Starter amount, in EUR. */
export const manualPaymentDefaults = {
  amount: planPricing.starter.chargedAmount,
  currency: 'EUR',
  description: 'Payment',
} as const;

export const paymentMessages = {
  amountTooSmall: `Amount must be at least ${minManualAmount.toFixed(2)}`,
  amountTooLarge: 'Amount is too large',
  descriptionRequired: 'Description is required',
  /** Spec 8 "Payments": no session. */
  loginRequired: 'Please log in to make a payment',
  businessNameRequired: 'Enter your business name',
  businessAddressRequired: 'Enter your business address',
} as const;

/** The largest manual amount accepted (Mollie's own ceiling for most methods is far below this). */
export const maxManualAmount = 100_000;

/** Spec 9 "Payment description": '{plan} - Annual Subscription'. */
export const planPaymentDescription = (plan: PlanId): string =>
  `${plan.charAt(0).toUpperCase()}${plan.slice(1)} - Annual Subscription`;

/** The amount as Mollie wants it: a string with exactly two decimals. */
export const formatPaymentAmount = (amount: number): string => amount.toFixed(2);

/**
 * What a business books with (asked on the Complete Your Purchase card, prefilled from the profile): its name,
 * address and, optionally, its VAT number (checked by its country's format). The API saves them to the profile
 * before it creates the payment, so the invoice of that payment is issued with them.
 */
export const purchaseBuyerSchema = z.object({
  businessName: z
    .string()
    .trim()
    .min(1, paymentMessages.businessNameRequired)
    .max(profileTextLimits.businessName, profileMessages.textTooLong),
  businessAddress: z
    .string()
    .trim()
    .min(1, paymentMessages.businessAddressRequired)
    .max(profileTextLimits.businessAddress, profileMessages.textTooLong),
  vatNumber: vatNumberField,
});
export type PurchaseBuyerInput = z.input<typeof purchaseBuyerSchema>;
export type PurchaseBuyer = z.output<typeof purchaseBuyerSchema>;

/**
 * POST /api/payments. `plan`: an annual plan at its charged amount (EUR). `manual`: the payment form's
 * manual mode (amount >= `minManualAmount` in steps of 0.01, EUR, a description). The client never
 * sends the redirect or webhook URL: the API builds both from its own origin. `language` (optional, default
 * en): the checkout's language, the payment's description (on the checkout and the bank statement) and the
 * return to `/payments` or `/nl/payments`. `buyer` (a plan, optional): saved to the profile first.
 */
export const createPaymentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    plan: z.enum(planIds),
    language: z.enum(languages).optional(),
    buyer: purchaseBuyerSchema.optional(),
  }),
  z.object({
    kind: z.literal('manual'),
    language: z.enum(languages).optional(),
    amount: z
      .number()
      .finite()
      .min(minManualAmount, paymentMessages.amountTooSmall)
      .max(maxManualAmount, paymentMessages.amountTooLarge)
      .refine((a) => Math.abs(Math.round(a * 100) - a * 100) < 1e-6, paymentMessages.amountTooSmall),
    currency: z.enum(manualPaymentCurrencies),
    description: z.string().trim().min(1, paymentMessages.descriptionRequired).max(255),
  }),
]);
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;
export type CreatePayment = z.output<typeof createPaymentSchema>;

/** The charged amount and description of a create request: a plan's come from `shared/`, never the browser. */
export function chargeOf(request: CreatePayment): {
  amount: number;
  currency: Currency;
  description: string;
  plan: PlanId | null;
} {
  if (request.kind === 'plan') {
    const pricing = planPricing[request.plan];
    return {
      amount: pricing.chargedAmount,
      currency: pricing.currency,
      description: planPaymentDescription(request.plan),
      plan: request.plan,
    };
  }
  return { amount: request.amount, currency: request.currency, description: request.description, plan: null };
}

export const createPaymentResponseSchema = z.object({
  paymentId: z.string(),
  /** Mollie's hosted checkout; the browser leaves for it (spec 4 "Payment form"). */
  checkoutUrl: z.string().url(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** Billing history status (spec 3): each has its own icon. */
export const billingStatuses = ['completed', 'pending', 'failed'] as const;
export type BillingStatus = (typeof billingStatuses)[number];

/** Mollie's payment statuses, as the provider reports them. */
export const providerStatuses = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

/** paid -> completed; failed, canceled, expired -> failed; the rest are still pending. */
export function billingStatusOf(status: ProviderStatus): BillingStatus {
  if (status === 'paid') return 'completed';
  if (status === 'failed' || status === 'canceled' || status === 'expired') return 'failed';
  return 'pending';
}

/** What can undo a paid payment at the provider: a refund we made, or the customer's bank's chargeback. */
export const paymentReversals = ['refunded', 'charged-back'] as const;
export type PaymentReversal = (typeof paymentReversals)[number];

/**
 * 14 days money back, for everyone (decisions 28): a plan paid less than this long ago can be cancelled (from the
 * billing tab, or by deleting the account) for a full refund, which ends the year it paid for. Later payments stay
 * non-refundable.
 */
export const refundWindowDays = 14;

/** Until when a payment can be cancelled for its money back (ISO); null when it never can (not a paid plan). */
export function refundableUntil(payment: Pick<Payment, 'status' | 'plan' | 'paidAt' | 'reversal'>): string | null {
  if (payment.status !== 'completed' || payment.plan === null || payment.reversal || !payment.paidAt) return null;
  const paid = Date.parse(payment.paidAt);
  return Number.isNaN(paid) ? null : new Date(paid + refundWindowDays * 24 * 60 * 60 * 1000).toISOString();
}

/** Whether the payment can be cancelled for a full refund at `now` (decisions 28). */
export function isRefundable(payment: Pick<Payment, 'status' | 'plan' | 'paidAt' | 'reversal'>, now: Date): boolean {
  const until = refundableUntil(payment);
  return until !== null && now.getTime() < Date.parse(until);
}

/** One billing history entry (spec 3 "Billing history"), keyed by the provider's payment id. */
export const paymentSchema = z.object({
  /** Mollie's payment id (`tr_…`); also the invoice reference. */
  id: z.string(),
  amount: z.number(),
  currency: z.enum(currencies),
  status: z.enum(billingStatuses),
  providerStatus: z.enum(providerStatuses),
  description: z.string(),
  /** The plan bought, or null for a manual payment. */
  plan: z.enum(planIds).nullable(),
  /** Mollie's method (`creditcard`, `ideal`, …), null until chosen. */
  method: z.string().nullable(),
  /** A card's label for the history ("Visa •••• 4242"), when the method is a card. */
  cardLabel: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * Mollie reported a refund or a chargeback of this (paid) payment: the year it bought ends (decisions 22).
   * Absent on records written before it was known.
   */
  reversal: z.enum(paymentReversals).nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/payments: the billing history, newest first (spec 7 "Profiles and billing"). */
export const paymentListSchema = z.object({ payments: z.array(paymentSchema) });
export type PaymentList = z.infer<typeof paymentListSchema>;

/** The webhook's body: Mollie posts only the id (form-encoded); nothing else is trusted. */
export const paymentWebhookSchema = z.object({ id: z.string().trim().min(1).max(64) });
