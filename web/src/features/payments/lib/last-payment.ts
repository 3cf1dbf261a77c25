/**
 * The id of the payment this tab last sent to the provider's checkout. The provider sends the browser back
 * to /payments?success=true whatever happened there, so the page asks the API for the real outcome of this
 * payment. sessionStorage: per tab, gone with the tab, and never another owner's on a shared computer.
 */
const key = 'reviewroute.lastPaymentId';

export function rememberPayment(paymentId: string): void {
  try {
    window.sessionStorage.setItem(key, paymentId);
  } catch {
    // Storage can be unavailable (privacy modes); the return then falls back to the generic success toast.
  }
}

export function lastPayment(): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function forgetPayment(): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Leaves the app for the provider's hosted checkout (its own module so tests can watch it). */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
