import {
  DIRECTIONS,
  MAX_COLORS,
  MIN_COLORS,
  SETTINGS,
  SHAPE_OPTIONS,
  isGradientDirection,
  numberRange,
  defaultsOf,
  shownColors,
  toHex,
  type AnimationType,
  type ConfigInput,
  type Defaults,
  type NumberKey,
} from './config';
import type { AnimationChoice } from '../../src/shared/background-choices';
import { messages } from './messages';
import { Preview } from './preview';

const numberFormat = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });

interface AnimationTabProps {
  idPrefix: string;
  animations: readonly AnimationChoice[];
  /** The chosen type, or null. */
  type: AnimationType | null;
  input: ConfigInput;
  dark: boolean;
  visible: boolean;
  onType(type: AnimationType): void;
  onColors(colors: string[]): void;
  onChange(change: (input: ConfigInput) => ConfigInput): void;
}

/** The animations tab: the type, then that type's colours and settings with a live preview. */
export function AnimationTab({
  idPrefix,
  animations,
  type,
  input,
  dark,
  visible,
  onType,
  onColors,
  onChange,
}: AnimationTabProps) {
  return (
    <>
      {/* The same radios and preview tiles as the server's form (views/partials/animation-choices.ejs). */}
      <fieldset className="anim-choices">
        <legend>{messages.animationType}</legend>
        {animations.map((a) => (
          <label key={a.type} className="anim-choice">
            <span className={`anim-tile anim-tile--${a.type}`} aria-hidden="true" />
            <span className="anim-choice__name">
              <input
                type="radio"
                name={`${idPrefix}-anim`}
                value={a.type}
                checked={type === a.type}
                onChange={() => onType(a.type)}
              />
              {a.label}
            </span>
          </label>
        ))}
      </fieldset>
      {type ? (
        <AnimationSettings
          key={type}
          idPrefix={`${idPrefix}-${type}`}
          type={type}
          input={input}
          defaults={defaultsOf(type)}
          dark={dark}
          visible={visible}
          onColors={onColors}
          onChange={onChange}
        />
      ) : null}
    </>
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
  const shapes = input.shapes ?? [...defaults.shapes];
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
                <button
                  type="button"
                  className="background-picker__link"
                  aria-label={messages.removeColor(i + 1)}
                  onClick={() => onColors(colors.filter((_, j) => j !== i))}
                >
                  {messages.remove}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {colors.length < MAX_COLORS ? (
          <button
            type="button"
            className="button background-picker__add"
            onClick={() => onColors([...colors, colors[colors.length - 1] ?? '#6366f1'])}
          >
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
                  if (isGradientDirection(next)) onChange((i) => ({ ...i, direction: next }));
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
                {SHAPE_OPTIONS.map((s) => {
                  const on = shapes.includes(s.value);
                  return (
                    <label key={s.value} className="background-picker__type">
                      <input
                        type="checkbox"
                        checked={on}
                        // At least one shape: the last one cannot be turned off.
                        disabled={on && shapes.length === 1}
                        onChange={() => {
                          const next = SHAPE_OPTIONS.map((x) => x.value).filter((x) =>
                            x === s.value ? !on : shapes.includes(x),
                          );
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
        config={{
          count: value('count'),
          size: value('size'),
          waveCount: value('waveCount'),
          amplitude: value('amplitude'),
          shapes,
        }}
        dark={dark}
      />
    </div>
  );
}
