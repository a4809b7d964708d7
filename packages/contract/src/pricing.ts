/**
 * What each paid action costs, in credits (docs/architecture.md §2: 1 credit per image or edit, so the
 * bundles' "5/35/100 images" hold). The server charges from this table and the web app labels
 * its buttons from it; a price changes here and nowhere else.
 */
export const creditCosts = {
  generation: 1,
  edit: 1,
} as const;

/** Free credits granted once, on sign-up (kept here, with no schema, so pages can quote it cheaply). */
export const signupBonusCredits = 5;

/**
 * The one price of every paid action, for copy that speaks of them all ("every action costs
 * 1 credit"). Typed as both prices at once: once they differ this stops compiling, and the copy
 * that quotes it must say which action costs what.
 */
export const everyActionCost: typeof creditCosts.generation & typeof creditCosts.edit = creditCosts.edit;

/** "1 credit", "2 credits": the cost as buttons show it. */
export function formatCost(credits: number): string {
  return `${credits} credit${credits === 1 ? '' : 's'}`;
}
