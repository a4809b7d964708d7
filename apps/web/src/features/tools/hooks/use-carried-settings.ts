import { webMessages } from '@lumigen/contract/web-messages';
import { useEffect, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { carriedSettings, settingsParam } from '../../../lib/tool-routes.ts';
import type { ToolFieldsSpec } from '../tool-fields.ts';
import type { ToolSettings } from '../tool-settings.ts';

/** "Use again": a result's settings, carried in the address, fill the sliders and the prompt. */
export function useCarriedSettings(
  config: ToolFieldsSpec,
  form: UseFormReturn<ToolSettings>,
  carriedSize: RefObject<boolean>,
) {
  const [search] = useSearchParams();
  const settingsQuery = search.get(settingsParam);
  const sizeFields = config.size;
  useEffect(() => {
    const settings = carriedSettings(settingsQuery);
    if (!settings) return;
    const sliders = { ...form.getValues('sliders') };
    for (const spec of config.sliders ?? []) {
      const value = Number(settings[spec.name]);
      if (Number.isFinite(value) && value >= spec.min && value <= spec.max) sliders[spec.name] = value;
    }
    form.setValue('sliders', sliders);
    form.setValue('keepRatio', false);
    carriedSize.current = sizeFields !== undefined;
    const promptField = config.prompt?.field;
    if (promptField && typeof settings[promptField] === 'string') form.setValue('prompt', settings[promptField]);
    notify.info(webMessages.toolSettingsCarried);
  }, [settingsQuery, config, form, sizeFields, carriedSize]);
}
