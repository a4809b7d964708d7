import { batchMaxPictures, batchQuote } from '@lumigen/contract/batches';
import type { RecipeView } from '@lumigen/contract/recipes';
import { acceptedImageTypes } from '@lumigen/contract/tools';
import { useId, useState } from 'react';
import { BatchGrid } from '../../../components/batch/batch-grid.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { runRecipe, useBatch } from '../../../lib/batches.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';

/** Runs a recipe: choose pictures, read the price, run, then follow each picture and download them all. */
export function RunRecipeDialog({ recipe, onClose }: { recipe: RecipeView; onClose(): void }) {
  const { credit, refreshCredit } = useAuth();
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [batchId, setBatchId] = useState<string>();
  const batch = useBatch(batchId);
  const cost = files.length * recipe.price;
  const short = credit !== undefined && cost > credit;

  const run = async () => {
    setSending(true);
    try {
      const accepted = await runRecipe({ recipeId: recipe.id, files });
      setBatchId(accepted.batchId);
    } catch (error) {
      notify.error(`The recipe could not run: ${(error as ApiError).message}`);
    } finally {
      setSending(false);
      void refreshCredit();
    }
  };

  return (
    <ModalDialog title={`Run “${recipe.name}”`} onClose={sending ? () => undefined : onClose} size="lg">
      {batchId ? (
        <BatchGrid
          files={files}
          batch={batch.data}
          fileName={`lumigen-${recipe.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.zip`}
        />
      ) : (
        <div className="modal__body recipe-run">
          <label htmlFor={inputId} className="field__label">
            Pictures (one, or up to {batchMaxPictures})
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            accept={acceptedImageTypes.join(',')}
            onChange={(event) => setFiles(Array.from(event.target.files ?? []).slice(0, batchMaxPictures))}
          />
          <p>
            {files.length === 0 ? (
              `${recipe.steps.length} steps · ${recipe.price} credit${recipe.price === 1 ? '' : 's'} per picture`
            ) : (
              <strong>{batchQuote(files.length, cost)}</strong>
            )}
          </p>
          <p className="field__hint">
            Every step of every picture is reserved first. If a step fails, it and the steps after it are refunded; the
            earlier steps' images stay in your gallery.
          </p>
          {short && (
            <p role="alert" className="field__error">
              Your balance is {credit} credits: choose fewer pictures or buy credits.
            </p>
          )}
        </div>
      )}
      {!batchId && (
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button onClick={run} busy={sending} disabled={files.length === 0 || short}>
            {files.length === 0 ? 'Run' : `Run · ${batchQuote(files.length, cost)}`}
          </Button>
        </div>
      )}
    </ModalDialog>
  );
}
