import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { failureText, uploadForm, type UploadHandle } from '../lib/post';
import { renderWidget } from '../lib/render';
import { readAsDataUrl } from '../lib/files';
import type { PhotoCropperProps } from '../../src/shared/widget-props';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../src/shared/upload-limits.js';

const MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
/** What the file chooser offers (the server's upload types); anything else is refused anyway. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** The smallest crop the server accepts, in source pixels (docs/product.md, Owner page). */
const MIN_CROP = { width: 50, height: 30 } as const;

const SHAPES = {
  profile: { aspect: 1, preview: { width: 80, height: 80 }, cropShape: 'round' },
  cover: { aspect: 16 / 6, preview: { width: 300, height: 112 }, cropShape: 'rect' },
} as const;

const messages = {
  choose: 'Fotoğraf seç',
  chooseAnother: 'Başka fotoğraf seç',
  chooseHint: {
    profile: 'JPG, PNG, WebP veya GIF; en fazla 5MB. Fotoğraf kare olarak kırpılır.',
    cover: 'JPG, PNG, WebP veya GIF; en fazla 5MB. Kapak geniş (16:6) olarak kırpılır.',
  },
  notImage: 'Lütfen yalnızca resim dosyası seçin',
  tooLarge: "Dosya boyutu 5MB'tan küçük olmalıdır",
  unreadable: 'Bu dosya açılamadı. Lütfen başka bir fotoğraf seçin.',
  tooSmall:
    `Seçilen alan çok küçük: en az ${MIN_CROP.width}×${MIN_CROP.height} piksel olmalı. Uzaklaştırın ` +
    `ya da daha büyük bir fotoğraf seçin.`,
  cropArea: 'Kırpma alanı',
  cropHint: 'Fotoğrafı sürükleyerek ya da kırpma alanı seçiliyken ok tuşlarıyla kaydırın; kaydırıcıyla yakınlaştırın.',
  zoom: 'Yakınlaştırma',
  preview: 'Önizleme',
  current: { profile: 'Mevcut profil fotoğrafı', cover: 'Mevcut kapak fotoğrafı' },
  uploading: 'Yükleniyor',
  save: 'Kaydet',
  saving: 'Kaydediliyor...',
  cancel: 'İptal',
  failed: 'Fotoğraf kaydedilemedi',
} as const;

/** The crop in whole source pixels, kept inside the image. */
function toPixels(area: Area, image: HTMLImageElement): Area {
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  return {
    x,
    y,
    width: Math.max(0, Math.min(Math.round(area.width), image.naturalWidth - x)),
    height: Math.max(0, Math.min(Math.round(area.height), image.naturalHeight - y)),
  };
}

function decode(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener('load', () => (image.naturalWidth > 0 ? resolve(image) : reject(new Error('empty image'))));
    image.addEventListener('error', () => reject(new Error('undecodable image')));
    image.src = src;
  });
}

interface Chosen {
  file: File;
  src: string;
  image: HTMLImageElement;
}

/**
 * Choose a photo, crop it (drag, pinch, wheel, arrow keys, zoom slider), see the result, save.
 * The original file goes up with the crop rectangle; the server crops and re-encodes.
 */
export function PhotoCropper({ action, kind, currentUrl, redirect }: PhotoCropperProps) {
  const shape = SHAPES[kind];
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<UploadHandle | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const reading = useRef(0);

  const reset = useCallback(() => {
    reading.current++;
    upload.current?.abort();
    upload.current = null;
    setChosen(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setError(null);
    setProgress(null);
  }, []);

  useEffect(() => () => upload.current?.abort(), []);

  function cancel() {
    reset();
    fileInput.current?.focus(); // the cancel button itself goes away
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again is a change too
    if (!file) return;
    if (!file.type.startsWith('image/')) return void setError(messages.notImage);
    if (file.size > MAX_BYTES) return void setError(messages.tooLarge);
    reset();
    const ticket = reading.current;
    try {
      const src = await readAsDataUrl(file);
      const image = await decode(src);
      if (ticket === reading.current) setChosen({ file, src, image });
    } catch {
      if (ticket === reading.current) setError(messages.unreadable);
    }
  }

  const onArea = useCallback(
    (_percent: Area, pixels: Area) => {
      if (chosen) setArea(toPixels(pixels, chosen.image));
    },
    [chosen],
  );

  // The live preview: the cropped part of the source drawn at the size the page shows it.
  useEffect(() => {
    const target = canvas.current;
    const ctx = target?.getContext('2d');
    if (!target || !ctx || !chosen || !area) return;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    target.width = Math.round(shape.preview.width * dpr);
    target.height = Math.round(shape.preview.height * dpr);
    ctx.imageSmoothingQuality = 'high';
    ctx.clearRect(0, 0, target.width, target.height);
    if (area.width > 0 && area.height > 0) {
      ctx.drawImage(chosen.image, area.x, area.y, area.width, area.height, 0, 0, target.width, target.height);
    }
  }, [chosen, area, shape]);

  const tooSmall = area !== null && (area.width < MIN_CROP.width || area.height < MIN_CROP.height);
  const uploading = progress !== null;
  const canSave = chosen !== null && area !== null && !tooSmall && !uploading;

  async function save() {
    if (!chosen || !area || !canSave) return;
    const body = new FormData();
    body.append('file', chosen.file);
    body.append('crop_x', String(area.x));
    body.append('crop_y', String(area.y));
    body.append('crop_width', String(area.width));
    body.append('crop_height', String(area.height));
    setError(null);
    setProgress(0);
    const handle = uploadForm(action, body, setProgress);
    upload.current = handle;
    const reply = await handle.done;
    if (upload.current !== handle || reply.aborted) return;
    upload.current = null;
    if (reply.ok) {
      setProgress(1);
      location.assign(redirect || location.href);
      return;
    }
    setProgress(null);
    setError(failureText(messages.failed, reply.error));
  }

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className={`photo-cropper photo-cropper--${kind}`}>
      {!chosen && currentUrl ? (
        <img className="photo-cropper__current" src={currentUrl} alt={messages.current[kind]} />
      ) : null}

      <div className="photo-cropper__choose">
        <input
          ref={fileInput}
          id={`${id}-file`}
          className="photo-cropper__file visually-hidden"
          type="file"
          accept={ACCEPT}
          onChange={(event) => void choose(event)}
          disabled={uploading}
        />
        <label htmlFor={`${id}-file`} className="button photo-cropper__choose-button">
          {chosen ? messages.chooseAnother : messages.choose}
        </label>
      </div>
      {!chosen ? <p className="photo-cropper__hint photo-cropper__hint--center">{messages.chooseHint[kind]}</p> : null}

      {error ? (
        <p className="photo-cropper__error" role="alert">
          {error}
        </p>
      ) : null}

      {chosen ? (
        <>
          <div className="photo-cropper__stage">
            <Cropper
              image={chosen.src}
              crop={crop}
              zoom={zoom}
              minZoom={1}
              maxZoom={3}
              aspect={shape.aspect}
              cropShape={shape.cropShape}
              showGrid={kind === 'cover'}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropAreaChange={onArea}
              onCropComplete={onArea}
              disableAutomaticStylesInjection
              cropperProps={{ role: 'group', 'aria-label': messages.cropArea, 'aria-describedby': `${id}-hint` }}
            />
          </div>
          <p id={`${id}-hint`} className="photo-cropper__hint">
            {messages.cropHint}
          </p>

          <div className="photo-cropper__zoom">
            <label htmlFor={`${id}-zoom`}>{messages.zoom}</label>
            <input
              id={`${id}-zoom`}
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              aria-valuetext={`%${Math.round(zoom * 100)}`}
              onChange={(event) => setZoom(Number(event.currentTarget.value))}
              disabled={uploading}
            />
          </div>

          <figure className="photo-cropper__preview">
            <canvas
              ref={canvas}
              className="photo-cropper__canvas"
              width={shape.preview.width}
              height={shape.preview.height}
              role="img"
              aria-label={messages.preview}
            />
            <figcaption>{messages.preview}</figcaption>
          </figure>

          {tooSmall ? (
            <p id={`${id}-small`} className="photo-cropper__warning" role="status">
              {messages.tooSmall}
            </p>
          ) : null}

          {uploading ? (
            <div className="photo-cropper__progress">
              <label htmlFor={`${id}-progress`}>
                {messages.uploading}: %{percent}
              </label>
              <progress id={`${id}-progress`} max={100} value={percent}>
                %{percent}
              </progress>
            </div>
          ) : null}

          <div className="photo-cropper__actions">
            <button type="button" className="button" onClick={cancel}>
              {messages.cancel}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void save()}
              disabled={!canSave}
              aria-describedby={tooSmall ? `${id}-small` : undefined}
            >
              {uploading ? messages.saving : messages.save}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}

export function mount(el: HTMLElement, props: PhotoCropperProps): void {
  renderWidget(el, PhotoCropper, props);
}
