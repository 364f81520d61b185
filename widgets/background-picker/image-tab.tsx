import { useState, type ChangeEvent } from 'react';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../src/shared/upload-limits.js';
import { readAsDataUrl } from '../lib/files';
import { messages } from './messages';
import { UrlField } from './url-field';

export interface ChosenFile {
  file: File;
  /** A data URL of the file, for the preview. */
  src: string;
}

interface ImageTabProps {
  idPrefix: string;
  url: string;
  file: ChosenFile | null;
  onUrl(url: string): void;
  onFile(file: ChosenFile | null): void;
}

/** The images tab: an image address or a file to upload, with a preview of either. */
export function ImageTab({ idPrefix, url, file, onUrl, onFile }: ImageTabProps) {
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
      onUrl('');
      setPreviewFailed(false);
    } catch {
      setFileError(messages.unreadable);
    }
  }

  // Only what the page's CSP lets an <img> load (https:, same origin); the server checks the rest.
  const previewable = /^(https:\/\/|\/(?!\/))/i.test(url.trim());
  const previewSrc = file?.src ?? (previewable ? url.trim() : null);

  return (
    <>
      <UrlField
        id={`${idPrefix}-url`}
        label={messages.imageUrl}
        placeholder="https://"
        value={url}
        onChange={(value) => {
          onUrl(value);
          onFile(null);
          setPreviewFailed(false);
        }}
      />
      <p className="background-picker__or">{messages.or}</p>
      <div className="background-picker__field">
        <input id={`${idPrefix}-file`} className="background-picker__file visually-hidden" type="file" accept="image/jpeg,image/png,image/webp" onChange={chooseFile} aria-describedby={`${idPrefix}-file-hint`} />
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
        <img className="background-picker__image" src={previewSrc} alt={messages.imagePreview} onError={() => setPreviewFailed(true)} />
      ) : null}
      {previewSrc && previewFailed ? <p className="background-picker__note">{messages.previewFailed}</p> : null}
    </>
  );
}
