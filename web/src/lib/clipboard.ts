/** Writes `text` to the clipboard; rejects when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/** How long a copy button says 'Copied!' (spec 9). */
export const copiedConfirmationMs = 2000;
