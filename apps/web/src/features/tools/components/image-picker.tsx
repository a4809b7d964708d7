import { acceptedImageTypes, maxUploadBytes } from '@lumigen/contract/tools';
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import './image-picker.css';

/** An image-only file picker with drag and drop and a preview; rejects other types and huge files at once. */
export function ImagePicker({ label, file, onChange, accept = acceptedImageTypes.join(','), error }: { label: string; file: File | undefined; onChange(file: File | undefined): void; accept?: string; error?: string }) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

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
    take(event.dataTransfer.files[0]);
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
        {preview ? <img className="picker__preview" src={preview} alt={`Selected: ${file?.name ?? 'image'}`} /> : <p className="picker__hint">Drop an image here, or choose one. PNG, JPEG or WebP, up to 30 MB.</p>}
        <input
          id={id}
          className="picker__input"
          type="file"
          accept={accept}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => take(event.target.files?.[0])}
        />
        {file && <p className="picker__name">{file.name}</p>}
      </div>
      {message && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
