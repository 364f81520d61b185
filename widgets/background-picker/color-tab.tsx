import { useState } from 'react';
import type { ColorPreset } from '../../src/shared/background-choices';
import { toHex } from './config';
import { messages } from './messages';

interface ColorTabProps {
  idPrefix: string;
  presets: readonly ColorPreset[];
  /** The chosen colour, or null. */
  color: string | null;
  dark: boolean;
  onColor(color: string): void;
}

/** The colours tab: the preset swatches and a colour input for any other colour. */
export function ColorTab({ idPrefix, presets, color, dark, onColor }: ColorTabProps) {
  const [custom, setCustom] = useState(() => (color && toHex(color)) ?? '#ffffff');

  return (
    <>
      <fieldset className="background-picker__fieldset">
        <legend>{messages.presets}</legend>
        <div className="background-picker__swatches">
          {presets.map((preset) => (
            <label key={preset.value} className="background-picker__swatch">
              <input
                type="radio"
                name={`${idPrefix}-color`}
                value={preset.value}
                checked={color?.toLowerCase() === preset.value.toLowerCase()}
                onChange={() => onColor(preset.value)}
              />
              <span
                className="background-picker__chip"
                // On a dark page the preset shows as its dark twin: the chip has both halves.
                style={{
                  background: dark ? `linear-gradient(135deg, ${preset.value} 50%, ${preset.dark} 50%)` : preset.value,
                }}
                aria-hidden="true"
              />
              <span className="background-picker__swatch-name">{preset.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="background-picker__custom">
        <label htmlFor={`${idPrefix}-custom`}>{messages.custom}</label>
        <input
          id={`${idPrefix}-custom`}
          type="color"
          value={custom}
          onChange={(event) => {
            setCustom(event.currentTarget.value);
            onColor(event.currentTarget.value);
          }}
        />
        {color && !presets.some((p) => p.value.toLowerCase() === color.toLowerCase()) ? (
          <span className="background-picker__note">{messages.chosenColor(color)}</span>
        ) : null}
      </div>
    </>
  );
}
