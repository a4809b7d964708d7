import { batchMaxPictures } from '@lumigen/contract/batches';
import { acceptedImageTypes, maxUploadBytes } from '@lumigen/contract/tools';
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import './image-picker.css';

type Props = {
  label: string;
  file: File | undefined;
  onChange(file: File | undefined): void;
  accept?: string;
  error?: string;
  /** Many pictures at once (a batch): more than one chosen or dropped goes here, unfiltered (the server judges each). */
  onChooseMany?(files: File[]): void;
  /** How many pictures the batch holds, when more than one. */
  chosenCount?: number;
};

/**
 * An image-only file picker with drag and drop and a preview; rejects other types and huge files
 * at once. With `onChooseMany`, it takes up to 50 pictures.
 */
export function ImagePicker({ label, file, onChange, accept = acceptedImageTypes.join(','), error, onChooseMany, chosenCount = 0 }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const takeAll = (files: FileList | null | undefined) => {
    const chosen = Array.from(files ?? []);
    if (onChooseMany && chosen.length > 1) {
      setProblem(undefined);
      return onChooseMany(chosen);
    }
    take(chosen[0]);
  };
  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    if (accept !== '*' && !accept.split(',').includes(candidate.type)) return setProblem('Choose a PNG, JPEG or WebP image.');
    if (candidate.size > maxUploadBytes) return setProblem(`That file is over ${maxUploadBytes / 1024 / 1024} MB. Choose a smaller image.`);
    setProblem(undefined);
    onChange(candidate);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    takeAll(event.dataTransfer.files);
  };
  const message = problem ?? error;

  return (
    <div className="picker">
      <label htmlFor={id} className="picker__label">
        {label}
      </label>
      <div
        className={`picker__zone${dragging ? ' picker__zone--dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {chosenCount > 1 ? (
          <p className="picker__count">
            <strong>{chosenCount} pictures chosen</strong>
            <br />
            Choose or drop again to replace them; paste to add more.
          </p>
        ) : preview ? (
          <img className="picker__preview" src={preview} alt={`Selected: ${file?.name ?? 'image'}`} />
        ) : (
          <p className="picker__hint">
            {onChooseMany
              ? `Drop images here, choose or paste them: one, or up to ${batchMaxPictures} at once. PNG, JPEG or WebP, up to 30 MB each.`
              : 'Drop an image here, or choose one. PNG, JPEG or WebP, up to 30 MB.'}
          </p>
        )}
        <input
          id={id}
          className="picker__input"
          type="file"
          accept={accept}
          multiple={onChooseMany !== undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => takeAll(event.target.files)}
        />
        {file && chosenCount <= 1 && <p className="picker__name">{file.name}</p>}
      </div>
      {message && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
