import { Button } from '../../../components/ui/button.tsx';
import type { Preset } from '../utils/presets.ts';

/** One-press sizes for the tools that change the picture's size; a preset without values is shown disabled. */
export function SizePresets({
  presets,
  onChoose,
}: {
  presets: readonly Preset[];
  onChoose: (values: Record<string, number>) => void;
}) {
  if (presets.length === 0) return null;
  return (
    <div className="tool__presets" role="group" aria-label="Presets">
      {presets.map((preset) => (
        <Button
          key={preset.label}
          variant="secondary"
          disabled={!preset.values}
          onClick={() => preset.values && onChoose(preset.values)}
        >
          {preset.label}
        </Button>
      ))}
    </div>
  );
}
