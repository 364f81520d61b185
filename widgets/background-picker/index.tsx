import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { failureText, postForm } from '../lib/post';
import { renderWidget } from '../lib/render';
import { ANIMATION_TYPES, COLOR_PRESETS, COVER_COLOR_PRESETS } from '../../src/shared/background-choices';
import type { BackgroundPickerProps } from '../../src/shared/widget-props';
import { AnimationTab } from './animation-tab';
import { ColorTab } from './color-tab';
import { parseAnimationValue, serializeAnimation, type AnimationType, type ConfigInput } from './config';
import { ImageTab, type ChosenFile } from './image-tab';
import { messages } from './messages';
import { VideoTab } from './video-tab';

const ALL_TABS = [
  { id: 'colors', label: 'Renkler' },
  { id: 'animations', label: 'Animasyonlar' },
  { id: 'images', label: 'Görseller' },
  { id: 'video', label: 'Video' },
] as const;
type Tab = (typeof ALL_TABS)[number]['id'];

/** The cover's photo has its own cropper above the picker: no images tab there. */
const COVER_TABS = ALL_TABS.filter((t) => t.id !== 'images');

function initialTab(type: string, value: string, tabs: readonly { id: Tab }[]): Tab {
  let tab: Tab = 'colors';
  if (type === 'animation' || parseAnimationValue(value)) tab = 'animations';
  else if (type === 'video') tab = 'video';
  else if (type === 'image') tab = 'images';
  return tabs.some((t) => t.id === tab) ? tab : 'colors';
}

/** What the picker sends for each target: the background's fields, or the cover's. */
const FIELDS = {
  background: { type: 'background_type', value: 'background_value' },
  cover: { type: 'cover_type', value: 'cover_value' },
} as const;

function pageIsDark(): boolean {
  return document.documentElement.classList.contains('theme-dark') || document.body.classList.contains('theme-dark');
}

function TabPanel({ idPrefix, id, active, children }: { idPrefix: string; id: Tab; active: Tab; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${id}`}
      aria-labelledby={`${idPrefix}-tab-${id}`}
      hidden={active !== id}
      className="background-picker__panel"
    >
      {children}
    </div>
  );
}

/**
 * The background dialog's body: tabs (colours, animations, images, video), each keeping its own
 * choice, and one "Uygula" that applies the active tab's choice once the server accepts it.
 * With `target: 'cover'` the same for the cover: its own colours, no images tab (the photo
 * has the cropper), and the cover's fields.
 */
export function BackgroundPicker(props: BackgroundPickerProps) {
  const { action, imageAction, redirect } = props;
  const { current } = props;
  const target = props.target ?? 'background';
  const field = FIELDS[target];
  const tabs = target === 'cover' || !imageAction ? COVER_TABS : ALL_TABS;
  const presets = target === 'cover' ? COVER_COLOR_PRESETS : COLOR_PRESETS;
  const id = useId();
  const [dark] = useState(() => props.dark ?? pageIsDark());
  const currentAnimation = current.type === 'image' ? null : parseAnimationValue(current.value);

  const [tab, setTab] = useState<Tab>(() => initialTab(current.type, current.value, tabs));
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  // Colours tab (a cover's colour is stored as `color:{colour}`)
  const [color, setColor] = useState<string | null>(() =>
    current.type === 'color' && current.value && !currentAnimation ? current.value.replace(/^color:/, '') : null,
  );

  // Animations tab: one set of choices per type, so switching types keeps each one's edits.
  const [animType, setAnimType] = useState<AnimationType | null>(currentAnimation?.type ?? null);
  const [inputs, setInputs] = useState<Partial<Record<AnimationType, ConfigInput>>>(() =>
    currentAnimation ? { [currentAnimation.type]: currentAnimation.input } : {},
  );

  // Images tab: a file to upload (images come only from our re-encoded uploads); the current one shown if it is ours.
  const currentImage = current.type === 'image' && /^\/uploads\//.test(current.value) ? current.value : null;
  const [file, setFile] = useState<ChosenFile | null>(null);

  // Video tab
  const [video, setVideo] = useState(() =>
    current.type === 'video' && current.value.startsWith('video:') ? current.value.slice(6) : '',
  );

  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
    images: file !== null,
    video: video.trim() !== '',
  };

  function selectTab(next: Tab, focus: boolean) {
    setTab(next);
    setError(null);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.id === tab);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    selectTab(tabs[next]!.id, true);
  }

  /** What "Uygula" sends for the colours, animations or video choice (an image is uploaded, see apply). */
  function fields(): URLSearchParams {
    const send = (type: string, value: string) => new URLSearchParams({ [field.type]: type, [field.value]: value });
    if (tab === 'colors') return send('color', color ?? '');
    if (tab === 'animations' && animType)
      return send('animation', serializeAnimation(animType, inputs[animType] ?? {}));
    return send('video', video.trim());
  }

  async function apply() {
    if (!chosen[tab] || busy) return;
    setBusy(true);
    setError(null);
    let reply;
    if (tab === 'images' && file && imageAction) {
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
    setError(failureText(target === 'cover' ? messages.coverFailed : messages.failed, reply.error));
  }

  return (
    <div className="background-picker">
      <div
        className="background-picker__tabs"
        role="tablist"
        aria-label={target === 'cover' ? messages.coverTablist : messages.tablist}
      >
        {tabs.map((t) => (
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

      <TabPanel idPrefix={id} id="colors" active={tab}>
        <ColorTab idPrefix={id} presets={presets} color={color} dark={dark} onColor={setColor} />
      </TabPanel>

      <TabPanel idPrefix={id} id="animations" active={tab}>
        <AnimationTab
          idPrefix={id}
          animations={ANIMATION_TYPES}
          type={animType}
          input={animType ? (inputs[animType] ?? {}) : {}}
          dark={dark}
          visible={tab === 'animations'}
          onType={setAnimType}
          onColors={(colors) => animType && setColors(animType, colors)}
          onChange={(change) => animType && update(animType, change)}
        />
      </TabPanel>

      {tabs.some((t) => t.id === 'images') ? (
        <TabPanel idPrefix={id} id="images" active={tab}>
          <ImageTab idPrefix={id} current={currentImage} file={file} onFile={setFile} />
        </TabPanel>
      ) : null}

      <TabPanel idPrefix={id} id="video" active={tab}>
        <VideoTab idPrefix={id} url={video} onUrl={setVideo} />
      </TabPanel>

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
          onClick={() => void apply()}
        >
          {busy ? messages.applying : messages.apply}
        </button>
      </div>
    </div>
  );
}

export function mount(el: HTMLElement, props: BackgroundPickerProps): void {
  renderWidget(el, BackgroundPicker, props);
}
