import { useState, type ChangeEvent } from 'react';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../src/shared/upload-limits.js';
import { readAsDataUrl } from '../lib/files';
import { messages } from './messages';

export interface ChosenFile {
  file: File;
  /** A data URL of the file, for the preview. */
  src: string;
}

interface ImageTabProps {
  idPrefix: string;
  /** The image shown now, when it is one of our uploads. */
  current: string | null;
  file: ChosenFile | null;
  onFile(file: ChosenFile | null): void;
}

/**
 * The images tab: a file to upload, with a preview. No image address: a public page shows only
 * images we re-encoded from an upload (docs/product.md, Backgrounds and covers).
 */
export function ImageTab({ idPrefix, current, file, onFile }: ImageTabProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = input.files?.[0];
    input.value = '';
    if (!picked) return;
    setFileError(null);
    if (!picked.type.startsWith('image/')) return void setFileError(messages.notImage);
    if (picked.size > IMAGE_UPLOAD_MAX_BYTES) return void setFileError(messages.tooLarge);
    try {
      const src = await readAsDataUrl(picked);
      onFile({ file: picked, src });
      setPreviewFailed(false);
    } catch {
      setFileError(messages.unreadable);
    }
  }

  const previewSrc = file?.src ?? current;

  return (
    <>
      <p className="background-picker__note">{messages.imagesUploaded}</p>
      <div className="background-picker__field">
        <input
          id={`${idPrefix}-file`}
          className="background-picker__file visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => void chooseFile(event)}
          aria-describedby={`${idPrefix}-file-hint`}
        />
        <label htmlFor={`${idPrefix}-file`} className="button background-picker__upload">
          {messages.upload}
        </label>
        <p id={`${idPrefix}-file-hint`} className="background-picker__note">
          {messages.uploadHint}
        </p>
        {file ? (
          <p className="background-picker__note">
            {messages.chosenFile(file.file.name)}{' '}
            <button type="button" className="background-picker__link" onClick={() => onFile(null)}>
              {messages.clearFile}
            </button>
          </p>
        ) : null}
        {fileError ? (
          <p className="background-picker__error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {previewSrc && !previewFailed ? (
        <img
          className="background-picker__image"
          src={previewSrc}
          alt={messages.imagePreview}
          onError={() => setPreviewFailed(true)}
        />
      ) : null}
      {previewSrc && previewFailed ? <p className="background-picker__note">{messages.previewFailed}</p> : null}
    </>
  );
}
