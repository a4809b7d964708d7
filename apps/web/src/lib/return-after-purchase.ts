/**
 * The page a person left to buy credits, so the receipt can send them back to it. Kept in
 * sessionStorage: it belongs to this tab's errand and should not outlive it.
 */
const key = 'lumigen.returnAfterPurchase';

export function rememberReturnPath(path: string): void {
  try {
    window.sessionStorage.setItem(key, path);
  } catch {
    // Without storage the receipt offers /generate instead.
  }
}

/** Only a path on this site: the value comes from storage a script could have written. */
export function readReturnPath(): string | undefined {
  try {
    const path = window.sessionStorage.getItem(key);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}

export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
