import { actionLabels } from '@lumigen/contract/credits';
import { formatCost } from '@lumigen/contract/pricing';
import type { RecipeView } from '@lumigen/contract/recipes';
import { webMessages } from '@lumigen/contract/web-messages';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { runRecipeParam } from '../../../lib/tool-routes.ts';
import { useDeleteRecipe, useRecipes } from '../api/recipes.ts';
import { RecipeBuilder } from './recipe-builder.tsx';
import { RunRecipeDialog } from './run-recipe-dialog.tsx';
import './recipes.css';

function RecipeRow({ recipe, onRun }: { recipe: RecipeView; onRun(): void }) {
  const [confirming, setConfirming] = useState(false);
  const deleting = useDeleteRecipe();
  const remove = () =>
    deleting.mutate(recipe.id, {
      onSuccess: (answer) => {
        setConfirming(false);
        notify.success(answer.message);
      },
      onError: (error) => notify.error(error.message),
    });
  return (
    <li className="recipe">
      <div className="recipe__about">
        <p className="recipe__name">{recipe.name}</p>
        <p className="recipe__steps">{recipe.steps.map((step) => actionLabels[step.tool]).join(' → ')}</p>
        <p className="recipe__price">{formatCost(recipe.price)} per picture</p>
      </div>
      <div className="recipe__actions">
        <Button onClick={onRun} aria-label={`Run ${recipe.name}`}>
          Run
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${recipe.name}`}>
          Delete
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${recipe.name}”?`}
          confirmLabel="Delete recipe"
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
          busy={deleting.isPending}
        >
          <p>The recipe goes; the images it made stay in your gallery.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/**
 * /profile's saved recipes: run one on a picture or many, delete one, or build a new one. The run
 * dialog is open while the address says `?run=<recipe id>`, so "Use again" on a recipe's result
 * can point at it and Back closes it.
 */
export function RecipesSection() {
  const { token } = useAuth();
  const recipes = useRecipes(token);
  const [search, setSearch] = useSearchParams();
  const runId = search.get(runRecipeParam);
  const running = runId ? recipes.data?.find((recipe) => recipe.id === runId) : undefined;
  const setRun = (recipeId: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (recipeId) next.set(runRecipeParam, recipeId);
        else next.delete(runRecipeParam);
        return next;
      },
      { replace: recipeId === undefined, preventScrollReset: true },
    );
  // A link to a recipe deleted since (or another account's): said, not silently ignored.
  const gone = runId !== null && recipes.isSuccess && !running;
  useEffect(() => {
    if (!gone) return;
    notify.error(webMessages.recipeGone, { toastId: 'recipe-gone' });
    setRun(undefined);
    // Once per such address (setRun is new on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [gone]);
  return (
    <section id="recipes" className="profile-section" aria-labelledby="recipes-title">
      <div className="profile-section__head">
        <h2 id="recipes-title" className="profile-section__title">
          Recipes
        </h2>
        <p className="profile-section__lead">
          Chains of tools you run in one go, on one picture or up to 50: each step works on the result of the one
          before.
        </p>
      </div>
      {recipes.isPending ? (
        <p role="status">Loading your recipes…</p>
      ) : recipes.isError ? (
        <p role="alert">Your recipes could not be loaded: {recipes.error.message}</p>
      ) : recipes.data.length === 0 ? (
        <p className="recipes__empty">
          No recipes yet. Build one below — for example Background removal → Product photography → Upscale.
        </p>
      ) : (
        <ul className="recipes" aria-label="Your recipes">
          {recipes.data.map((recipe) => (
            <RecipeRow key={recipe.id} recipe={recipe} onRun={() => setRun(recipe.id)} />
          ))}
        </ul>
      )}
      <RecipeBuilder />
      {running && <RunRecipeDialog key={running.id} recipe={running} onClose={() => setRun(undefined)} />}
    </section>
  );
}
