/**
 * The visitor message form: a live character counter, and sending without leaving the
 * page. "Mesajınız gönderildi" shows for 3 seconds, then the form returns (docs/product.md, Messages).
 * Without JavaScript the same form posts and the server answers with a redirect. The words are the page's, in its
 * language (the form's `data-sent` and `data-failed`).
 */
const CONFIRMATION_MS = 3000;

function length(text: string): number {
  return Array.from(text).length;
}

export function enhanceMessageForm(form: HTMLFormElement): void {
  const field = form.querySelector<HTMLTextAreaElement>('textarea[name=message]');
  const counter = form.querySelector<HTMLElement>('[data-counter]');
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const status = document.getElementById('mesaj-durum');
  if (!field || !counter || !submit || !status) return;
  const max = Number(field.dataset.max ?? '500');
  const sent = form.dataset.sent ?? '';
  const failed = form.dataset.failed ?? '';

  const update = () => {
    const n = length(field.value);
    counter.textContent = `${n}/${max}`;
    submit.disabled = field.value.trim() === '' || n > max;
  };
  field.addEventListener('input', update);
  update();
  // After a no-JavaScript style redirect (?sent=1) the confirmation also goes after 3 seconds.
  if (!status.hidden && status.classList.contains('notice--success')) {
    window.setTimeout(() => {
      status.hidden = true;
    }, CONFIRMATION_MS);
  }

  const show = (kind: 'success' | 'error', text: string) => {
    status.hidden = false;
    status.className = `notice notice--${kind}`;
    status.textContent = text;
  };

  // Every failure ends inside send() as the error notice, so the listener need not wait for it.
  const send = async (): Promise<void> => {
    submit.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      });
      const body = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string; message?: string };
      if (!response.ok || !body.ok) {
        show('error', body.error ?? failed);
        update();
        return;
      }
      form.hidden = true;
      show('success', body.message ?? sent);
      window.setTimeout(() => {
        field.value = '';
        status.hidden = true;
        form.hidden = false;
        update();
        field.focus();
      }, CONFIRMATION_MS);
    } catch {
      show('error', failed);
      update();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
}
