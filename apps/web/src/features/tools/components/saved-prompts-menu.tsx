import { imageStyles } from '@lumigen/contract/generation';
import type { SavePromptRequest, SavedPrompt } from '@lumigen/contract/prompts';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/notify.ts';
import { useDeleteSavedPrompt, useSavedPrompts, useSavePrompt } from '../api/saved-prompts.ts';
import './saved-prompts.css';

/**
 * "Save prompt" and the "Saved prompts" menu, for any form that paints from words: saving keeps
 * what `current` gives; picking one hands it to `onPick` to fill the form.
 */
export function SavedPrompts({ current, onPick }: { current(): SavePromptRequest; onPick(prompt: SavedPrompt): void }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  // Asked for only once the menu is opened: most visits never open it.
  const prompts = useSavedPrompts(open);
  const saving = useSavePrompt();
  const deleting = useDeleteSavedPrompt();

  const save = () => {
    const prompt = current();
    if (prompt.prompt.trim() === '') return notify.error('Write a prompt to save first');
    saving.mutate(prompt, {
      onSuccess: () => notify.success('Prompt saved'),
      onError: (error) => notify.error(error.message),
    });
  };
  const pick = (prompt: SavedPrompt) => {
    onPick(prompt);
    if (menu.current) menu.current.open = false;
    setOpen(false);
  };

  return (
    <div className="saved-prompts">
      <Button type="button" variant="secondary" onClick={save} busy={saving.isPending}>
        Save prompt
      </Button>
      <details ref={menu} className="saved-prompts__menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Saved prompts</summary>
        {prompts.isPending ? (
          <p role="status">Loading your prompts…</p>
        ) : prompts.isError ? (
          <p role="alert">Your prompts could not be loaded: {prompts.error.message}</p>
        ) : prompts.data.prompts.length === 0 ? (
          <p>No saved prompts yet: write one and press Save prompt.</p>
        ) : (
          <ul aria-label="Saved prompts">
            {prompts.data.prompts.map((prompt) => (
              <li key={prompt.id}>
                <button type="button" className="saved-prompts__use" onClick={() => pick(prompt)}>
                  <span>{prompt.prompt}</span>
                  <small>
                    {prompt.size.replace('x', ' × ')} · {prompt.quality === 'hd' ? 'HD' : 'Standard'} ·{' '}
                    {imageStyles[prompt.style].label}
                  </small>
                </button>
                <button
                  type="button"
                  className="saved-prompts__delete"
                  aria-label={`Delete saved prompt: ${prompt.prompt}`}
                  onClick={() => deleting.mutate(prompt.id, { onError: (error) => notify.error(error.message) })}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
