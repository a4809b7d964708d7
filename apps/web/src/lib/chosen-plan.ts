/**
 * The bundle chosen on the plans, kept until checkout (localStorage `itemo`, docs/product.md §3): the
 * pricing pages write it and the checkout reads it, so it belongs to neither.
 */
export const chosenPlanKey = 'itemo';

export function readChosenPlan(): string | null {
  try {
    return window.localStorage.getItem(chosenPlanKey);
  } catch {
    return null;
  }
}

export function rememberChosenPlan(name: string): void {
  try {
    window.localStorage.setItem(chosenPlanKey, name);
  } catch {
    // Without storage the checkout asks again; nothing to do here.
  }
}

/** After a purchase: the next visit to /checkout starts from the plans again, not from the old choice. */
export function forgetChosenPlan(): void {
  try {
    window.localStorage.removeItem(chosenPlanKey);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
