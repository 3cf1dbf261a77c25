/** Lets the browser save what `href` points at as `fileName`, through a hidden link's click. */
export function saveFile(href: string, fileName: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/** Lets the browser save `blob` as `fileName`; the object URL is revoked once the download has surely read it. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const href = URL.createObjectURL(blob);
  try {
    saveFile(href, fileName, doc);
  } finally {
    // Revoked later: revoking right after the click can cancel a download that has not read the blob yet.
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  }
}
