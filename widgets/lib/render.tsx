import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** Replaces the server-rendered fallback inside `el` with the React component. */
export function renderWidget<P extends object>(el: HTMLElement, Component: ComponentType<P>, props: P): void {
  createRoot(el).render(<Component {...props} />);
}
