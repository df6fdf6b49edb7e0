/**
 * Opens a PDF made on the device in a new tab (the browser's viewer prints it), or, where
 * the browser blocks the tab, saves it as a file. No network: it works offline.
 */
export function openPdf(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const opened = window.open(url, '_blank');
  if (!opened) {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The tab has read it by then; a minute leaves room for a slow device.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
