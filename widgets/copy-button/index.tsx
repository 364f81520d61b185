import { useId, useRef } from 'react';
import { showToast } from '../lib/toast';
import { renderWidget } from '../lib/render';
import type { CopyButtonProps } from '../../src/shared/widget-props';

const messages = {
  copy: 'Kopyala',
  copied: 'Panoya kopyalandı',
  failed: 'Panoya kopyalanamadı',
} as const;

/** A read-only field with a copy button; when the clipboard refuses, the text is selected instead. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      showToast(messages.copied);
    } catch {
      input.current?.select();
      showToast(messages.failed, 'error');
    }
  }

  return (
    <div className="copy-field">
      <label className="copy-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field__row">
        <input
          ref={input}
          id={id}
          className="input copy-field__input"
          type="text"
          readOnly
          value={text}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {messages.copy}
        </button>
      </div>
    </div>
  );
}

export function mount(el: HTMLElement, props: CopyButtonProps): void {
  renderWidget(el, CopyButton, props);
}
