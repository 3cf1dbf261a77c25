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
