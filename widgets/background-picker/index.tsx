import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { failureText, postForm } from '../lib/post';
import { renderWidget } from '../lib/render';
import { ANIMATION_TYPES, COLOR_PRESETS } from '../../src/shared/background-choices';
import type { BackgroundPickerProps } from '../../src/shared/widget-props';
import { AnimationTab } from './animation-tab';
import { ColorTab } from './color-tab';
import { parseAnimationValue, serializeAnimation, type AnimationType, type ConfigInput } from './config';
import { ImageTab, type ChosenFile } from './image-tab';
import { messages } from './messages';

const TABS = [
  { id: 'colors', label: 'Renkler' },
  { id: 'animations', label: 'Animasyonlar' },
  { id: 'images', label: 'Görseller' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function initialTab(type: string, value: string): Tab {
  if (type === 'animation' || parseAnimationValue(value)) return 'animations';
  if (type === 'image') return 'images';
  return 'colors';
}

function pageIsDark(): boolean {
  return document.documentElement.classList.contains('theme-dark') || document.body.classList.contains('theme-dark');
}

function TabPanel({ idPrefix, id, active, children }: { idPrefix: string; id: Tab; active: Tab; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} hidden={active !== id} className="background-picker__panel">
      {children}
    </div>
  );
}

/**
 * The background dialog's body: three tabs (colours, animations, images), each keeping its own
 * choice, and one "Uygula" that applies the active tab's choice once the server accepts it.
 */
export function BackgroundPicker(props: BackgroundPickerProps) {
  const { action, imageAction, redirect } = props;
  const { current } = props;
  const id = useId();
  const [dark] = useState(() => props.dark ?? pageIsDark());
  const currentAnimation = current.type === 'image' ? null : parseAnimationValue(current.value);

  const [tab, setTab] = useState<Tab>(() => initialTab(current.type, current.value));
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  // Colours tab
  const [color, setColor] = useState<string | null>(() => (current.type === 'color' && current.value && !currentAnimation ? current.value : null));

  // Animations tab: one set of choices per type, so switching types keeps each one's edits.
  const [animType, setAnimType] = useState<AnimationType | null>(currentAnimation?.type ?? null);
  const [inputs, setInputs] = useState<Partial<Record<AnimationType, ConfigInput>>>(() =>
    currentAnimation ? { [currentAnimation.type]: currentAnimation.input } : {},
  );

  // Images tab
  const [url, setUrl] = useState(() => (current.type === 'image' && current.value.length <= 2048 && !current.value.startsWith('data:') ? current.value : ''));
  const [file, setFile] = useState<ChosenFile | null>(null);

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

      <TabPanel idPrefix={id} id="colors" active={tab}>
        <ColorTab idPrefix={id} presets={COLOR_PRESETS} color={color} dark={dark} onColor={setColor} />
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

      <TabPanel idPrefix={id} id="images" active={tab}>
        <ImageTab idPrefix={id} url={url} file={file} onUrl={setUrl} onFile={setFile} />
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
          onClick={apply}
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
