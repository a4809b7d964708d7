import { batchMaxPictures } from '@lumigen/contract/batches';
import { acceptedImageTypes, maxUploadBytes } from '@lumigen/contract/tools';
import { webMessages } from '@lumigen/contract/web-messages';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { fitPicture } from '../utils/fit-picture.ts';
import './image-picker.css';

type Props = {
  label: string;
  file: File | undefined;
  /** `note`: what was done to the picture on the way (scaled down to the tool's limit). */
  onChange(file: File | undefined, note?: string): void;
  /** The tool's pixel limit: a larger picture is scaled down to it here, before anything is sent. */
  maxMegapixels?: number;
  accept?: string;
  error?: string;
  /** Many pictures at once (a batch): more than one chosen or dropped goes here, unfiltered (the server judges each). */
  onChooseMany?(files: File[]): void;
  /** How many pictures the batch holds, when more than one. */
  chosenCount?: number;
};

/**
 * An image-only file picker with drag and drop and a preview. The moment a file is chosen it is
 * judged — type, size, whether it decodes, its pixels — so a refusal comes before anything is
 * paid. With `onChooseMany`, it takes up to 50 pictures.
 */
export function ImagePicker({
  label,
  file,
  onChange,
  accept = acceptedImageTypes.join(','),
  error,
  onChooseMany,
  chosenCount = 0,
  maxMegapixels,
}: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(
    () => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined),
    [file],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const takeAll = (files: FileList | null | undefined) => {
    const chosen = Array.from(files ?? []);
    if (onChooseMany && chosen.length > 1) {
      setProblem(undefined);
      return onChooseMany(chosen);
    }
    void take(chosen[0]);
  };
  // Only the latest choice counts when a slow decode finishes after a newer one.
  const choice = useRef(0);
  const take = async (candidate: File | undefined) => {
    if (!candidate) return;
    const current = ++choice.current;
    if (accept === '*') {
      if (candidate.size > maxUploadBytes) return setProblem(webMessages.tooLarge(maxUploadBytes / 1024 / 1024));
      setProblem(undefined);
      return onChange(candidate);
    }
    setReading(true);
    const fitted = await fitPicture(candidate, maxMegapixels);
    if (current !== choice.current) return;
    setReading(false);
    if ('refusal' in fitted) {
      setProblem(fitted.refusal);
      return onChange(undefined);
    }
    setProblem(undefined);
    onChange(fitted.file, fitted.note);
  };
  const [reading, setReading] = useState(false);
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
        {reading && (
          <p className="picker__name" role="status">
            Reading your picture…
          </p>
        )}
      </div>
      {message && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
