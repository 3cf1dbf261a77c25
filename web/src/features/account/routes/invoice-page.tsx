import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  formatMoney,
  type Invoice,
  type InvoiceBuyer,
  type InvoiceSeller,
  type Payment,
  type Profile,
  splitVat,
  vatRatePercent,
} from '@reviewroute/shared';
import { BackLink } from '@/components/back-link';
import { Logo } from '@/components/logo';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNotFound } from '@/lib/api-errors';
import { useSession } from '@/lib/auth-session';
import { formatLongDate } from '@/lib/money';
import { routeQueryOptions, useRouteQuery } from '@/lib/route-query';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { PaymentStatus } from '../components/payment-status';
import { usePaymentItem } from '../lib/payment-item';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The seller as the invoice was issued with it; a detail the deployment never configured says so. */
function SellerDetails({ seller }: { seller: InvoiceSeller | undefined }) {
  const { t } = useTranslation('billing');
  if (!seller) return <p className="mt-1 font-medium">{t('invoice.sellerName')}</p>;
  const missing = <span className="text-muted-foreground italic">{t('invoice.notConfigured')}</span>;
  return (
    <address className="mt-1 not-italic" data-testid="invoice-seller">
      <p className="font-medium">{seller.name || missing}</p>
      {seller.address ? lines(seller.address).map((line) => <p key={line}>{line}</p>) : <p>{missing}</p>}
      <p>
        {t('invoice.kvk')}: {seller.kvkNumber || missing}
      </p>
      <p>
        {t('invoice.vatNumber')}: {seller.vatNumber || missing}
      </p>
    </address>
  );
}

/**
 * One sum under the invoice's line (net, VAT, total): its label as the row's header, the amount right-aligned in
 * even digits. One component so the three rows cannot drift apart in the printed invoice; the amount due stands
 * out, the parts of it are muted, and a part that follows another (`close`) sits closer to it.
 */
function SumRow({
  label,
  amount,
  testId,
  close = false,
  due = false,
}: {
  label: string;
  amount: string;
  testId: string;
  close?: boolean;
  due?: boolean;
}) {
  const look = cn(close ? 'pt-1' : 'pt-3', due ? 'text-base font-semibold' : 'text-muted-foreground');
  return (
    <tr>
      <th scope="row" className={cn(look, 'text-left', !due && 'font-normal')}>
        {label}
      </th>
      <td className={cn(look, 'text-right tabular-nums')} data-testid={testId}>
        {amount}
      </td>
    </tr>
  );
}

function InvoiceDocument({
  payment,
  invoice,
  profile,
  email,
}: {
  payment: Payment;
  invoice: Invoice | undefined;
  profile?: Profile;
  email: string;
}) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const to = useLocalizedPath();
  const money = (amount: number) => formatMoney(amount, payment.currency, language);
  const item = usePaymentItem();
  // A credit note (a refund's) names the invoice it corrects and carries its amounts negated.
  const credits = invoice?.credits;
  // Every amount we charge includes 21 % VAT (decisions 21); the split is exact in cents, net + VAT = total.
  const { net, vat, total } = splitVat(credits ? invoice.amount : payment.amount);
  // The buyer as the invoice was issued with them (a later profile edit does not rewrite it); before it is
  // issued, and on an invoice issued before buyers were copied, the profile as it is now.
  const issuedBuyer = invoice?.buyer ?? null;
  const buyer: InvoiceBuyer | undefined =
    issuedBuyer ??
    (profile && {
      name: profile.fullName,
      businessName: profile.businessName,
      address: profile.businessAddress,
      vatNumber: profile.vatNumber,
    });
  const billedTo = [buyer?.businessName, buyer?.name, ...lines(buyer?.address ?? ''), email].filter(
    (line): line is string => Boolean(line?.trim()),
  );
  // A Dutch invoice names the buyer's business and address: the owner is told which is missing and where to add
  // it (not printed); only what is truly missing is named.
  const missingName = !buyer?.businessName?.trim();
  const missingAddress = !buyer?.address?.trim();
  const hintKey = `invoice.${issuedBuyer ? 'buyerHintIssued' : 'buyerHint'}${
    missingName && missingAddress ? '' : missingName ? 'Name' : 'Address'
  }` as const;
  const note = credits
    ? t('invoice.creditNote')
    : payment.status === 'completed'
      ? t('invoice.paidNote')
      : payment.status === 'pending'
        ? t('invoice.pendingNote')
        : t('invoice.failedNote');
  return (
    <article
      aria-labelledby="invoice-title"
      className="bg-card mx-auto grid max-w-3xl gap-8 rounded-xl border p-6 shadow-sm sm:p-10 print:max-w-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div className="grid gap-1">
          <Logo />
          <p className="text-muted-foreground text-sm">{t('invoice.sellerLine')}</p>
        </div>
        <div className="sm:text-right">
          <h1 id="invoice-title" className="text-3xl font-bold tracking-tight">
            {credits ? t('invoice.creditTitle') : t('invoice.title')}
          </h1>
          <p className="text-muted-foreground text-sm break-all" data-testid="invoice-number">
            {invoice?.number ?? t('invoice.notIssued')}
          </p>
          {credits && (
            <p className="text-sm font-medium" data-testid="invoice-corrects">
              {t('invoice.corrects', { number: credits })}
            </p>
          )}
        </div>
      </header>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="invoice-seller">
          <h2 id="invoice-seller" className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
            {t('invoice.seller')}
          </h2>
          <SellerDetails seller={invoice?.seller} />
        </section>
        <section aria-labelledby="invoice-billed-to">
          <h2 id="invoice-billed-to" className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
            {t('invoice.billedTo')}
          </h2>
          <address className="mt-1 not-italic" data-testid="invoice-billed-to">
            {billedTo.map((line, index) => (
              <p key={`${index}-${line}`} className={index === 0 ? 'font-medium' : undefined}>
                {line}
              </p>
            ))}
            {buyer?.vatNumber && (
              <p data-testid="invoice-buyer-vat">
                {t('invoice.vatNumber')}: {buyer.vatNumber}
              </p>
            )}
          </address>
          {(missingName || missingAddress) && (
            <p className="text-muted-foreground mt-2 text-sm print:hidden" data-testid="invoice-buyer-hint">
              {t(hintKey)}{' '}
              <Link className="text-primary underline underline-offset-4" to={to('/account?tab=profile')}>
                {t('invoice.editProfile')}
              </Link>
            </p>
          )}
        </section>
      </div>
      <dl className="grid gap-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{credits ? t('invoice.creditNumber') : t('invoice.number')}</dt>
          <dd className="font-medium tabular-nums">{invoice?.number ?? t('invoice.notIssued')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('invoice.date')}</dt>
          <dd className="font-medium">
            {formatLongDate(invoice?.issuedAt ?? payment.paidAt ?? payment.createdAt, language)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('invoice.reference')}</dt>
          <dd className="font-medium break-all" data-testid="invoice-reference">
            {payment.id}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('invoice.status')}</dt>
          <dd>
            {/* A credit note exists because the payment was refunded: that is its state, not "completed". */}
            {credits ? (
              <span className="font-medium" data-testid="invoice-refunded">
                {t('billingTab.history.reversals.refunded')}
              </span>
            ) : (
              <PaymentStatus status={payment.status} />
            )}
          </dd>
        </div>
      </dl>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 text-left font-semibold">
              {t('invoice.item')}
            </th>
            <th scope="col" className="py-2 text-right font-semibold whitespace-nowrap">
              {t('invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b">
            <td className="py-3 pr-4" data-testid="invoice-item">
              {item(payment)}
            </td>
            <td className="py-3 text-right whitespace-nowrap tabular-nums">{money(net)}</td>
          </tr>
        </tbody>
        <tfoot>
          <SumRow label={t('invoice.net')} amount={money(net)} testId="invoice-net" />
          <SumRow label={t('invoice.vat', { rate: vatRatePercent })} amount={money(vat)} testId="invoice-vat" close />
          <SumRow label={t('invoice.total')} amount={money(total)} testId="invoice-total" due />
        </tfoot>
      </table>
      <p className="text-muted-foreground text-sm">{note}</p>
    </article>
  );
}

/**
 * /account/invoices/:paymentId: the invoice of one payment (its number, the seller and the buyer as issued,
 * date, reference, the line item in the invoice's language, net / VAT 21 % / total
 * in both languages). "Download PDF" opens the browser's print dialog, whose "Save as PDF" makes the file from
 * this same page with the print stylesheet (index.css, `print:` classes): no PDF library in the bundle, and the
 * PDF never differs from what the owner sees. The document title (the PDF's default file name) is the number.
 */
export function InvoicePage() {
  const { t } = useTranslation('billing');
  const to = useLocalizedPath();
  const { paymentId = '' } = useParams();
  // `?document=credit-note`: the credit note a refund issued for this payment's invoice, on the same page.
  const [searchParams] = useSearchParams();
  const creditNote = searchParams.get('document') === 'credit-note';
  const { user } = useSession();
  const payment = useRouteQuery('get-payment', { params: { paymentId } });
  // Only a paid payment has an invoice (numbered when it was paid).
  const paid = payment.data?.status === 'completed';
  const issuedInvoice = useQuery({
    ...routeQueryOptions('get-invoice', { params: { paymentId } }),
    enabled: paid && !creditNote,
    retry: false,
  });
  const issuedCreditNote = useQuery({
    ...routeQueryOptions('get-credit-note', { params: { paymentId } }),
    enabled: paid && creditNote,
    retry: false,
  });
  const invoice = creditNote ? issuedCreditNote : issuedInvoice;
  // The profile only adds lines to "billed to": without one the invoice still shows the e-mail.
  const profile = useQuery({ ...routeQueryOptions('get-profile'), retry: false });
  useDocumentTitle(
    t(creditNote ? 'invoice.creditDocumentTitle' : 'invoice.documentTitle', { id: invoice.data?.number ?? paymentId }),
  );

  let content;
  if (payment.isError || (creditNote && (issuedCreditNote.isError || (payment.data && !paid)))) {
    const error = payment.error ?? issuedCreditNote.error;
    content = (
      <Alert variant="destructive" className="mx-auto max-w-3xl">
        <AlertDescription>
          {!error || isNotFound(error)
            ? t(creditNote ? 'invoice.creditNotFound' : 'invoice.notFound')
            : t('invoice.loadFailed')}
        </AlertDescription>
      </Alert>
    );
  } else if (!payment.data || profile.isPending || (paid && invoice.isPending)) {
    content = <Skeleton className="mx-auto h-[32rem] max-w-3xl" />;
  } else {
    content = (
      <InvoiceDocument payment={payment.data} invoice={invoice.data} profile={profile.data} email={user?.email ?? ''} />
    );
  }

  return (
    <div className="bg-muted/40 min-h-svh print:bg-white">
      <header className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-4 print:hidden">
        <BackLink to={to('/account?tab=billing')} label={t('invoice.back')} />
        <div className="flex flex-col items-end gap-1">
          <Button
            type="button"
            size="sm"
            onClick={() => window.print()}
            disabled={!invoice.data}
            aria-describedby="invoice-pdf-hint"
          >
            <FileDown aria-hidden="true" />
            {t('invoice.downloadPdf')}
          </Button>
          <p id="invoice-pdf-hint" className="text-muted-foreground text-xs">
            {t('invoice.pdfHint')}
          </p>
        </div>
      </header>
      <main className="px-4 pb-12 print:p-0">{content}</main>
    </div>
  );
}
