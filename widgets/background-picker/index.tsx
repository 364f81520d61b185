import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { failureText, postForm } from '../lib/post';
import { renderWidget } from '../lib/render';
import { startBackgroundAnimation } from '../profile/animations';
import { readAsDataUrl } from '../lib/files';
import {
  DIRECTIONS,
  MAX_COLORS,
  MIN_COLORS,
  SETTINGS,
  SHAPES,
  gradientStyle,
  isAnimationType,
  numberRange,
  parseAnimationValue,
  readDefaults,
  serializeAnimation,
  shownColors,
  toHex,
  type AnimationType,
  type ConfigInput,
  type Defaults,
  type NumberKey,
} from './config';

export interface BackgroundPickerProps {
  /** The no-JS background form's action: `background_type`, `background_value`. */
  action: string;
  /** The image upload form's action: multipart `file`; sets the uploaded image as the background. */
  imageAction: string;
  current: { type: string; value: string };
  presets: Array<{ value: string; name: string; dark: string }>;
  animations: Array<{ type: string; label: string }>;
  animationDefaults: Record<string, object>;
  redirect: string;
  /** The owner's dark mode, for the previews; without it, the page's `theme-dark` class. */
  dark?: boolean;
}

const MAX_BYTES = 5 * 1024 * 1024;

const TABS = [
  { id: 'colors', label: 'Renkler' },
  { id: 'animations', label: 'Animasyonlar' },
  { id: 'images', label: 'Görseller' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const messages = {
  tablist: 'Arka plan türü',
  presets: 'Hazır renkler',
  custom: 'Özel renk',
  chosenColor: (value: string) => `Seçilen renk: ${value}`,
  animationType: 'Animasyon türü',
  colors: 'Animasyon renkleri',
  colorN: (n: number) => `Renk ${n}`,
  removeColor: (n: number) => `${n}. rengi kaldır`,
  remove: 'Kaldır',
  addColor: 'Renk ekle',
  themeColors: 'Renkleri değiştirmezseniz açık ve koyu temaya uygun varsayılan renkler kullanılır.',
  direction: 'Yön',
  shapes: 'Şekiller',
  preview: 'Önizleme',
  imageUrl: 'Görsel adresi (URL)',
  or: 'ya da',
  upload: 'Görsel yükle',
  uploadHint: 'JPG, PNG ya da WebP; en fazla 5 MB.',
  chosenFile: (name: string) => `Seçilen dosya: ${name}`,
  clearFile: 'Dosyayı kaldır',
  imagePreview: 'Seçilen görselin önizlemesi',
  previewFailed: 'Görsel önizlenemedi; adresi kontrol edin.',
  notImage: 'Lütfen yalnızca resim dosyası seçin',
  tooLarge: "Dosya boyutu 5MB'tan küçük olmalıdır",
  unreadable: 'Bu dosya açılamadı. Lütfen başka bir görsel seçin.',
  needChoice: 'Uygulamak için bu sekmede bir seçim yapın.',
  apply: 'Uygula',
  applying: 'Uygulanıyor...',
  failed: 'Arkaplan güncellenemedi',
} as const;

function initialTab(type: string, value: string): Tab {
  if (type === 'animation' || parseAnimationValue(value)) return 'animations';
  if (type === 'image') return 'images';
  return 'colors';
}

function pageIsDark(): boolean {
  return document.documentElement.classList.contains('theme-dark') || document.body.classList.contains('theme-dark');
}


const numberFormat = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });

/**
 * The background dialog's body: three tabs (colours, animations, images), each keeping its own
 * choice, and one "Uygula" that applies the active tab's choice once the server accepts it.
 */
export function BackgroundPicker(props: BackgroundPickerProps) {
  const { action, imageAction, redirect } = props;
  const current = { type: String(props.current?.type ?? ''), value: String(props.current?.value ?? '') };
  const presets = Array.isArray(props.presets) ? props.presets : [];
  const animations = (Array.isArray(props.animations) ? props.animations : []).filter((a) => isAnimationType(a.type));
  const id = useId();
  const [dark] = useState(() => (typeof props.dark === 'boolean' ? props.dark : pageIsDark()));
  const currentAnimation = current.type === 'image' ? null : parseAnimationValue(current.value);

  const [tab, setTab] = useState<Tab>(() => initialTab(current.type, current.value));
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  // Colours tab
  const [color, setColor] = useState<string | null>(() => (current.type === 'color' && current.value && !currentAnimation ? current.value : null));
  const [custom, setCustom] = useState(() => (color && toHex(color)) ?? '#ffffff');

  // Animations tab: one set of choices per type, so switching types keeps each one's edits.
  const [animType, setAnimType] = useState<AnimationType | null>(currentAnimation?.type ?? null);
  const [inputs, setInputs] = useState<Partial<Record<AnimationType, ConfigInput>>>(() =>
    currentAnimation ? { [currentAnimation.type]: currentAnimation.input } : {},
  );

  // Images tab
  const [url, setUrl] = useState(() => (current.type === 'image' && current.value.length <= 2048 && !current.value.startsWith('data:') ? current.value : ''));
  const [file, setFile] = useState<{ file: File; src: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const defaultsOf = (type: AnimationType): Defaults => readDefaults(props.animationDefaults?.[type]);

  function update(type: AnimationType, change: (input: ConfigInput) => ConfigInput) {
    setInputs((all) => ({ ...all, [type]: change({ ...(all[type] ?? {}) }) }));
  }

  function setColors(type: AnimationType, colors: string[]) {
    // Explicit colours replace the light/dark palettes, or they would not show on either theme.
    update(type, ({ light: _light, dark: _dark, ...rest }) => ({ ...rest, colors }));
  }

  const chosen: Record<Tab, boolean> = {
    colors: color !== null,
    animations: animType !== null,
    images: file !== null || url.trim() !== '',
  };

  function selectTab(next: Tab, focus: boolean) {
    setTab(next);
    setError(null);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    selectTab(TABS[next]!.id, true);
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = input.files?.[0];
    input.value = '';
    if (!picked) return;
    setFileError(null);
    if (!picked.type.startsWith('image/')) return void setFileError(messages.notImage);
    if (picked.size > MAX_BYTES) return void setFileError(messages.tooLarge);
    try {
      const src = await readAsDataUrl(picked);
      setFile({ file: picked, src });
      setUrl('');
      setPreviewFailed(false);
    } catch {
      setFileError(messages.unreadable);
    }
  }

  /** What "Uygula" sends for the colours, animations or image-URL choice. */
  function fields(): URLSearchParams {
    if (tab === 'colors') return new URLSearchParams({ background_type: 'color', background_value: color ?? '' });
    if (tab === 'animations' && animType) {
      return new URLSearchParams({ background_type: 'animation', background_value: serializeAnimation(animType, inputs[animType] ?? {}) });
    }
    return new URLSearchParams({ background_type: 'image', background_value: url.trim() });
  }

  async function apply() {
    if (!chosen[tab] || busy) return;
    setBusy(true);
    setError(null);
    let reply;
    if (tab === 'images' && file) {
      const body = new FormData();
      body.append('file', file.file);
      reply = await postForm(imageAction, body);
    } else {
      reply = await postForm(action, fields());
    }
    if (reply.ok) {
      location.assign(redirect || location.href);
      return;
    }
    setBusy(false);
    setError(failureText(messages.failed, reply.error));
  }

  // Only what the page's CSP lets an <img> load (https:, same origin); the server checks the rest.
  const previewable = /^(https:\/\/|\/(?!\/))/i.test(url.trim());
  const previewSrc = file?.src ?? (previewable ? url.trim() : null);

  return (
    <div className="background-picker">
      <div className="background-picker__tabs" role="tablist" aria-label={messages.tablist}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(node) => {
              tabRefs.current[t.id] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            className="background-picker__tab"
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => selectTab(t.id, false)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-colors`}
        aria-labelledby={`${id}-tab-colors`}
        hidden={tab !== 'colors'}
        className="background-picker__panel"
      >
        <fieldset className="background-picker__fieldset">
          <legend>{messages.presets}</legend>
          <div className="background-picker__swatches">
            {presets.map((preset) => (
              <label key={preset.value} className="background-picker__swatch">
                <input
                  type="radio"
                  name={`${id}-color`}
                  value={preset.value}
                  checked={color?.toLowerCase() === preset.value.toLowerCase()}
                  onChange={() => setColor(preset.value)}
                />
                <span
                  className="background-picker__chip"
                  // On a dark page the preset shows as its dark twin: the chip has both halves.
                  style={{ background: dark ? `linear-gradient(135deg, ${preset.value} 50%, ${preset.dark} 50%)` : preset.value }}
                  aria-hidden="true"
                />
                <span className="background-picker__swatch-name">{preset.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="background-picker__custom">
          <label htmlFor={`${id}-custom`}>{messages.custom}</label>
          <input
            id={`${id}-custom`}
            type="color"
            value={custom}
            onChange={(event) => {
              setCustom(event.currentTarget.value);
              setColor(event.currentTarget.value);
            }}
          />
          {color && !presets.some((p) => p.value.toLowerCase() === color.toLowerCase()) ? (
            <span className="background-picker__note">{messages.chosenColor(color)}</span>
          ) : null}
        </div>
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-animations`}
        aria-labelledby={`${id}-tab-animations`}
        hidden={tab !== 'animations'}
        className="background-picker__panel"
      >
        <fieldset className="background-picker__fieldset">
          <legend>{messages.animationType}</legend>
          <div className="background-picker__types">
            {animations.map((a) => (
              <label key={a.type} className="background-picker__type">
                <input type="radio" name={`${id}-anim`} value={a.type} checked={animType === a.type} onChange={() => setAnimType(a.type as AnimationType)} />
                <span>{a.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {animType ? (
          <AnimationSettings
            key={animType}
            idPrefix={`${id}-${animType}`}
            type={animType}
            input={inputs[animType] ?? {}}
            defaults={defaultsOf(animType)}
            dark={dark}
            visible={tab === 'animations'}
            onColors={(colors) => setColors(animType, colors)}
            onChange={(change) => update(animType, change)}
          />
        ) : null}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-images`}
        aria-labelledby={`${id}-tab-images`}
        hidden={tab !== 'images'}
        className="background-picker__panel"
      >
        <div className="background-picker__field">
          <label htmlFor={`${id}-url`}>{messages.imageUrl}</label>
          <input
            id={`${id}-url`}
            className="background-picker__input"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setFile(null);
              setPreviewFailed(false);
            }}
          />
        </div>
        <p className="background-picker__or">{messages.or}</p>
        <div className="background-picker__field">
          <input id={`${id}-file`} className="background-picker__file visually-hidden" type="file" accept="image/jpeg,image/png,image/webp" onChange={chooseFile} aria-describedby={`${id}-file-hint`} />
          <label htmlFor={`${id}-file`} className="button background-picker__upload">
            {messages.upload}
          </label>
          <p id={`${id}-file-hint`} className="background-picker__note">
            {messages.uploadHint}
          </p>
          {file ? (
            <p className="background-picker__note">
              {messages.chosenFile(file.file.name)}{' '}
              <button type="button" className="background-picker__link" onClick={() => setFile(null)}>
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
      </div>

      {error ? (
        <p className="background-picker__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="background-picker__actions">
        {!chosen[tab] ? (
          <p id={`${id}-need`} className="background-picker__note">
            {messages.needChoice}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          disabled={!chosen[tab] || busy}
          aria-describedby={!chosen[tab] ? `${id}-need` : undefined}
          onClick={apply}
        >
          {busy ? messages.applying : messages.apply}
        </button>
      </div>
    </div>
  );
}

interface SettingsProps {
  idPrefix: string;
  type: AnimationType;
  input: ConfigInput;
  defaults: Defaults;
  dark: boolean;
  visible: boolean;
  onColors(colors: string[]): void;
  onChange(change: (input: ConfigInput) => ConfigInput): void;
}

function AnimationSettings({ idPrefix, type, input, defaults, dark, visible, onColors, onChange }: SettingsProps) {
  const colors = shownColors(input, defaults, dark);
  const value = (key: NumberKey) => input[key] ?? defaults[key];
  const direction = input.direction ?? defaults.direction;
  const shapes = input.shapes ?? defaults.shapes;
  const touched = input.colors !== undefined;

  return (
    <div className="background-picker__settings">
      <fieldset className="background-picker__fieldset">
        <legend>{messages.colors}</legend>
        <ul className="background-picker__colors">
          {colors.map((c, i) => (
            <li key={i}>
              <input
                type="color"
                aria-label={messages.colorN(i + 1)}
                value={toHex(c) ?? '#000000'}
                onChange={(event) => onColors(colors.map((old, j) => (j === i ? event.currentTarget.value : old)))}
              />
              {colors.length > MIN_COLORS ? (
                <button type="button" className="background-picker__link" aria-label={messages.removeColor(i + 1)} onClick={() => onColors(colors.filter((_, j) => j !== i))}>
                  {messages.remove}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {colors.length < MAX_COLORS ? (
          <button type="button" className="button background-picker__add" onClick={() => onColors([...colors, colors[colors.length - 1] ?? '#6366f1'])}>
            {messages.addColor}
          </button>
        ) : null}
        {!touched ? <p className="background-picker__note">{messages.themeColors}</p> : null}
      </fieldset>

      {SETTINGS[type].map((key) => {
        if (key === 'direction') {
          return (
            <div key={key} className="background-picker__field">
              <label htmlFor={`${idPrefix}-direction`}>{messages.direction}</label>
              <select
                id={`${idPrefix}-direction`}
                className="background-picker__input"
                value={direction}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  onChange((i) => ({ ...i, direction: next }));
                }}
              >
                {DIRECTIONS.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        if (key === 'shapes') {
          return (
            <fieldset key={key} className="background-picker__fieldset">
              <legend>{messages.shapes}</legend>
              <div className="background-picker__types">
                {SHAPES.map((s) => {
                  const on = shapes.includes(s.value);
                  return (
                    <label key={s.value} className="background-picker__type">
                      <input
                        type="checkbox"
                        checked={on}
                        // At least one shape: the last one cannot be turned off.
                        disabled={on && shapes.length === 1}
                        onChange={() => {
                          const next = SHAPES.map((x) => x.value).filter((x) => (x === s.value ? !on : shapes.includes(x)));
                          onChange((i) => ({ ...i, shapes: next }));
                        }}
                      />
                      <span>{s.label}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        const range = numberRange(type, key);
        const v = Math.min(range.max, Math.max(range.min, value(key)));
        return (
          <div key={key} className="background-picker__field background-picker__range">
            <label htmlFor={`${idPrefix}-${key}`}>{range.label}</label>
            <input
              id={`${idPrefix}-${key}`}
              type="range"
              min={range.min}
              max={range.max}
              step={range.step}
              value={v}
              onChange={(event) => {
                const n = Math.round(Number(event.currentTarget.value) * 100) / 100;
                onChange((i) => ({ ...i, [key]: n }));
              }}
            />
            <output htmlFor={`${idPrefix}-${key}`}>{numberFormat.format(v)}</output>
          </div>
        );
      })}

      <Preview
        type={type}
        visible={visible}
        colors={colors}
        direction={direction}
        speed={value('speed')}
        config={{ count: value('count'), size: value('size'), waveCount: value('waveCount'), amplitude: value('amplitude'), shapes }}
        dark={dark}
      />
    </div>
  );
}

interface PreviewProps {
  type: AnimationType;
  visible: boolean;
  colors: string[];
  direction: string;
  speed: number;
  config: { count: number; size: number; waveCount: number; amplitude: number; shapes: string[] };
  dark: boolean;
}

/** The gradient as CSS, the others on a small canvas with the public page's own animation code. */
function Preview({ type, visible, colors, direction, speed, config, dark }: PreviewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const key = JSON.stringify({ colors, speed, ...config });

  // The animation sizes itself once when started, so start it when the box has a size
  // (a closed dialog or hidden tab has none) and again when that size changes.
  useEffect(() => {
    const box = canvas.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setWidth(Math.round(box.clientWidth)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [type]);

  useEffect(() => {
    const target = canvas.current;
    if (type === 'gradient' || !target || !visible || width === 0) return;
    // `key` carries the colours, speed and config: a new value restarts the animation.
    return startBackgroundAnimation(target, type, JSON.parse(key) as object, { dark });
  }, [type, key, visible, width, dark]);

  return (
    <figure className="background-picker__preview">
      {type === 'gradient' ? (
        <div className="background-picker__gradient" style={gradientStyle(colors, direction, speed)} role="img" aria-label={messages.preview} />
      ) : (
        <canvas ref={canvas} className="background-picker__canvas" role="img" aria-label={messages.preview} />
      )}
      <figcaption>{messages.preview}</figcaption>
    </figure>
  );
}

export function mount(el: HTMLElement, props: BackgroundPickerProps): void {
  renderWidget(el, BackgroundPicker, props);
}
