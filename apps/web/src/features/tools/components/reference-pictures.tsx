import { acceptedImageTypes } from '@lumigen/contract/tools';
import { useEffect, useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/notify.ts';
import './reference-pictures.css';

/** An object URL for a file while it is shown, revoked when it is not. */
export function useObjectUrl(file: File | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function ReferenceThumb({ file, index, onRemove }: { file: File; index: number; onRemove(): void }) {
  const url = useObjectUrl(file);
  return (
    <li className="edit-references__item">
      {url && <img src={url} alt={`Reference ${index + 1}: ${file.name}`} />}
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove reference ${index + 1}: ${file.name}`}>
        Remove
      </Button>
    </li>
  );
}

/** Up to `max` reference pictures, in the order chosen, each shown with a Remove button (the server judges their bytes). */
export function ReferencePictures({
  files,
  max,
  onChange,
}: {
  files: File[];
  max: number;
  onChange(files: File[]): void;
}) {
  const id = useId();
  const add = (chosen: File[]) => {
    const room = max - files.length;
    if (chosen.length > room) notify.error(`Add at most ${max} reference pictures`);
    onChange([...files, ...chosen.slice(0, Math.max(0, room))]);
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Reference pictures (up to {max}, optional)
      </label>
      <input
        id={id}
        className="field__input"
        type="file"
        accept={acceptedImageTypes.join(',')}
        multiple
        disabled={files.length >= max}
        onChange={(event) => {
          add(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      {files.length > 0 && (
        <ul className="edit-references" aria-label="Reference pictures">
          {files.map((file, index) => (
            <ReferenceThumb
              key={`${file.name}-${index}`}
              file={file}
              index={index}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
