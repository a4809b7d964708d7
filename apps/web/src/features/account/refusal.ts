import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Shows a refused call where it belongs: on the field the server's message is about (a wrong
 * password, an address already taken), else as the form's own error.
 */
export function showRefusal<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fieldByMessage: Partial<Record<string, Path<T>>> = {},
) {
  const message = error instanceof Error ? error.message : String(error);
  const field = fieldByMessage[message];
  if (field) form.setError(field, { message }, { shouldFocus: true });
  else form.setError('root.server', { message });
}
