import type { ReactNode } from 'react';

interface UrlFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** A note under the field, read with it. */
  hint?: ReactNode;
}

/** A labelled address field of the picker's images and video tabs. */
export function UrlField({ id, label, placeholder, value, onChange, hint }: UrlFieldProps) {
  return (
    <div className="background-picker__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="background-picker__input"
        type="url"
        inputMode="url"
        placeholder={placeholder}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="background-picker__note">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
