/**
 * `form.switch-form[data-in-place]`: a switch inside a dialog (the contact buttons, docs/product.md,
 * Owner page) changes without leaving the page, so the dialog stays open. The switch moves at
 * once, the change is announced ("Ara kapatıldı."), and the element whose id is `data-refresh` (the
 * card behind the dialog) is renewed from the page; a refusal moves the switch back and says why.
 * Without JavaScript the form posts and the page comes back with the dialog open (a switch of the
 * contact dialog sends the dialog's typed text along, views/partials/switch-form.ejs).
 */
import { postForm } from '../lib/post';
import { showToast } from '../lib/toast';

export const switchMessages = {
  failed: 'Ayar değiştirilemedi',
} as const;

function parts(form: HTMLFormElement): { input: HTMLInputElement; button: HTMLButtonElement; label: string } | null {
  const input = form.querySelector<HTMLInputElement>('input[type=hidden]');
  const button = form.querySelector<HTMLButtonElement>('button.switch');
  if (!input || !button) return null;
  return { input, button, label: button.querySelector('.switch__text')?.textContent?.trim() ?? '' };
}

/** Shows the switch on or off; the hidden field then posts the opposite, as the server renders it. */
function show(form: HTMLFormElement, on: boolean): void {
  const p = parts(form);
  if (!p) return;
  p.input.value = on ? '0' : '1';
  p.button.classList.toggle('switch--on', on);
  p.button.setAttribute('aria-label', `${p.label}: ${on ? 'açık' : 'kapalı'}, değiştir`);
}

/** The page as the server renders it now, for the part behind the dialog. */
async function refresh(id: string): Promise<void> {
  const here = document.getElementById(id);
  if (!here) return;
  try {
    const response = await fetch(location.pathname, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById(id);
    if (fresh) here.replaceChildren(...Array.from(fresh.childNodes).map((node) => document.importNode(node, true)));
  } catch {
    // The card behind stays as it was until the next page load; the change itself is saved.
  }
}

async function toggle(form: HTMLFormElement): Promise<void> {
  const p = parts(form);
  if (!p || form.getAttribute('aria-busy') === 'true') return;
  const on = p.input.value === '1';
  const body = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') body.append(key, value);
  show(form, on);
  form.setAttribute('aria-busy', 'true');
  const reply = await postForm(form.action, body);
  form.removeAttribute('aria-busy');
  if (reply.ok) {
    showToast(`${p.label} ${on ? 'açıldı' : 'kapatıldı'}.`);
    if (form.dataset.refresh) await refresh(form.dataset.refresh);
    return;
  }
  show(form, !on);
  // The server's reason already names the failure ("Güncelleme başarısız: …").
  showToast(reply.error ?? switchMessages.failed, 'error');
}

export function enhanceSwitchForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form.switch-form[data-in-place]')) {
    if (form.dataset.inPlaceReady) continue;
    form.dataset.inPlaceReady = 'true';
    // The button's click, not the form's submit: a switch of the contact dialog submits that
    // dialog's form when there is no JavaScript (its `form` attribute), which must not happen here.
    parts(form)?.button.addEventListener('click', (event) => {
      event.preventDefault();
      void toggle(form);
    });
  }
}
