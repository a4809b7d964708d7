import { batchToolIds, type BatchToolId } from '@lumigen/contract/batches';
import { actionLabels } from '@lumigen/contract/credits';
import { recipeMaxSteps, recipeNameLimit, recipePrice } from '@lumigen/contract/recipes';
import { creditCosts, formatCost } from '@lumigen/contract/pricing';
import { replaceBackgroundPromptLimit, toolSliders, type SliderSpec } from '@lumigen/contract/tools';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { notify } from '../../../lib/notify.ts';
import { useProviders } from '../../../lib/providers.ts';
import { useCreateRecipe } from '../api/recipes.ts';

type Step = { tool: BatchToolId; settings: Record<string, string> };

const slidersOf = (tool: BatchToolId): readonly SliderSpec[] =>
  tool in toolSliders ? toolSliders[tool as keyof typeof toolSliders] : [];
const defaultsOf = (tool: BatchToolId): Record<string, string> =>
  Object.fromEntries(slidersOf(tool).map((spec) => [spec.name, String(spec.default)]));
const newStep = (tool: BatchToolId): Step => ({ tool, settings: defaultsOf(tool) });

function StepFields({
  index,
  step,
  onChange,
  onRemove,
}: {
  index: number;
  step: Step;
  onChange(step: Step): void;
  onRemove?(): void;
}) {
  const selectId = useId();
  const set = (name: string, value: string) => onChange({ ...step, settings: { ...step.settings, [name]: value } });
  return (
    <li className="recipe-step">
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Step {index + 1}
        </label>
        <select
          id={selectId}
          className="field__input"
          value={step.tool}
          onChange={(event) => onChange(newStep(event.target.value as BatchToolId))}
        >
          {batchToolIds.map((tool) => (
            <option key={tool} value={tool}>
              {actionLabels[tool]}
            </option>
          ))}
        </select>
      </div>
      {slidersOf(step.tool).map((spec) => (
        <TextField
          key={spec.name}
          label={`${spec.label}${spec.unit ? ` (${spec.unit})` : ''}`}
          type="number"
          inputMode="decimal"
          min={spec.min}
          max={spec.max}
          step={spec.step}
          value={step.settings[spec.name] ?? ''}
          onChange={(event) => set(spec.name, event.target.value)}
        />
      ))}
      {step.tool === 'replace-background' && (
        <TextField
          label="New background"
          maxLength={replaceBackgroundPromptLimit}
          value={step.settings.prompt ?? ''}
          onChange={(event) => set('prompt', event.target.value)}
        />
      )}
      {onRemove && (
        <Button variant="secondary" onClick={onRemove} aria-label={`Remove step ${index + 1}`}>
          Remove
        </Button>
      )}
    </li>
  );
}

/** A new recipe: a name and up to eight steps, each a tool and its settings; saved on the server, which checks them. */
export function RecipeBuilder() {
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<Step[]>([newStep('remove-background')]);
  const creating = useCreateRecipe();
  // Each step at the server's price for its tool (a local preview may be free: docs/decisions/051).
  const prices = useProviders().data?.prices;
  const price = recipePrice(steps, (tool) => prices?.tools[tool].credits ?? creditCosts.edit);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      steps: steps.map(({ tool, settings }) => ({
        tool,
        settings: Object.fromEntries(
          Object.entries(settings).map(([field, value]) => [field, field === 'prompt' ? value : Number(value)]),
        ),
      })),
    };
    creating.mutate(body, {
      onSuccess: ({ recipe }) => {
        notify.success(`Recipe “${recipe.name}” saved`);
        setName('');
        setSteps([newStep('remove-background')]);
      },
      onError: (error) => notify.error(error.message),
    });
  };
  return (
    <form className="recipe-builder" onSubmit={save} noValidate aria-label="New recipe">
      <TextField
        label="Recipe name"
        placeholder="Shop listing"
        maxLength={recipeNameLimit}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <ol className="recipe-builder__steps">
        {steps.map((step, index) => (
          <StepFields
            key={index}
            index={index}
            step={step}
            onChange={(next) => setSteps((current) => current.map((old, i) => (i === index ? next : old)))}
            onRemove={steps.length > 1 ? () => setSteps((current) => current.filter((_, i) => i !== index)) : undefined}
          />
        ))}
      </ol>
      <div className="recipe-builder__actions">
        <Button
          variant="secondary"
          onClick={() => setSteps((current) => [...current, newStep('upscale')])}
          disabled={steps.length >= recipeMaxSteps}
        >
          Add a step
        </Button>
        <Button type="submit" busy={creating.isPending}>
          Save recipe · {price === 0 ? 'free previews' : `${formatCost(price)} per picture`}
        </Button>
      </div>
    </form>
  );
}
