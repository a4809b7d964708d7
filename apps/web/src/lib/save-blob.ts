/**
 * Hands bytes fetched with the token to the browser as a download: a plain link cannot send the
 * `token` header, so the file is already here and only needs a name.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; a moment later it is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
