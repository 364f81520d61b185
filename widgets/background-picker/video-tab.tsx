import { useState } from 'react';
import { messages } from './messages';
import { UrlField } from './url-field';

interface VideoTabProps {
  idPrefix: string;
  url: string;
  onUrl(url: string): void;
}

/** Only what the page's CSP lets a <video> load (https:, same origin); the server checks the rest. */
function previewable(url: string): boolean {
  return /^(https:\/\/[^\s]+|\/(?!\/)\S+)$/i.test(url);
}

/** The video tab: a video's address (MP4, WebM), with a muted preview once it looks like one. */
export function VideoTab({ idPrefix, url, onUrl }: VideoTabProps) {
  const [failed, setFailed] = useState(false);
  const src = url.trim();
  return (
    <>
      <UrlField
        id={`${idPrefix}-video`}
        label={messages.videoUrl}
        placeholder="https://…/video.mp4"
        value={url}
        hint={messages.videoHint}
        onChange={(value) => {
          onUrl(value);
          setFailed(false);
        }}
      />
      {previewable(src) && !failed ? (
        <figure className="background-picker__preview">
          <video
            key={src}
            className="background-picker__image"
            src={src}
            muted
            loop
            autoPlay
            playsInline
            preload="metadata"
            aria-label={messages.videoPreview}
            onError={() => setFailed(true)}
          />
          <figcaption>{messages.preview}</figcaption>
        </figure>
      ) : null}
      {previewable(src) && failed ? <p className="background-picker__note">{messages.videoPreviewFailed}</p> : null}
    </>
  );
}
