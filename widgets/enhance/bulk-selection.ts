/**
 * The list's selection with JavaScript (views/admin/bulk-bar.ejs; docs/product.md, Administrator,
 * "Selection"): "Bu sayfadakilerin hepsi" ticks every row, a bar at the foot of the screen appears
 * once something is ticked (the count and the actions), after select-all it offers every customer
 * matching the search, and an activate, a deactivate, an assignment (with whom to choose) or a delete asks in a
 * dialog naming the count and what happens (the texts of the page asked without JavaScript; for all matching the count
 * the server reads then, whose digest the confirmation carries back). The same form is posted
 * as without JavaScript. Listeners sit on the document, since the list's dialog puts a fresh list
 * in place after a change made in it.
 */
import { bulkQuestions, isAskedBulkAction } from '../../src/shared/bulk-questions.js';
import { openDialog } from './open-dialog';

const ROWS = 'input[type="checkbox"][form="secilenler"]';

interface Parts {
  form: HTMLFormElement;
  rows: HTMLInputElement[];
  page: HTMLInputElement | null;
  all: HTMLInputElement | null;
  bar: HTMLElement | null;
}

function parts(): Parts | null {
  const form = document.querySelector<HTMLFormElement>('form[data-bulk]');
  if (!form) return null;
  return {
    form,
    rows: [...document.querySelectorAll<HTMLInputElement>(ROWS)],
    page: form.querySelector<HTMLInputElement>('[data-bulk-page]'),
    all: form.querySelector<HTMLInputElement>('[data-bulk-all]'),
    bar: form.querySelector<HTMLElement>('[data-bulk-bar]'),
  };
}

/** How many customers an action would reach now. */
function selectedCount(p: Parts): number {
  if (p.all?.checked) return Number(p.form.dataset.total ?? '0');
  return p.rows.filter((row) => row.checked).length;
}

function update(p: Parts): void {
  const ticked = p.rows.filter((row) => row.checked).length;
  const wholePage = p.rows.length > 0 && ticked === p.rows.length;
  if (p.all && !wholePage) p.all.checked = false;
  if (p.page) {
    p.page.checked = wholePage;
    p.page.indeterminate = ticked > 0 && !wholePage;
  }
  const count = selectedCount(p);
  document.body.classList.toggle('has-bulk-bar', count > 0);
  if (!p.bar) return;
  p.bar.hidden = count === 0;
  const label = p.bar.querySelector<HTMLElement>('[data-bulk-count]');
  if (label)
    label.textContent = p.all?.checked ? `${p.form.dataset.allLabel ?? ''} seçildi` : `${count} müşteri seçildi`;
  const offer = p.bar.querySelector<HTMLButtonElement>('[data-bulk-offer]');
  if (offer) {
    offer.hidden = !p.all || !wholePage;
    offer.textContent = p.all?.checked ? 'Yalnızca bu sayfadakiler' : (p.form.dataset.allOffer ?? '');
  }
}

/**
 * What the server says "all matching" is now: its count, the digest a confirmation carries back, and what moved since
 * the list.
 */
interface MatchingSet {
  count: number;
  digest: string;
  notice: string | null;
}

/**
 * Asks the server as the page without JavaScript does (review=1, no confirm), in JSON: the
 * dialog then names the set as it is, and its confirmation is refused if the set changes before
 * the click. Null when the answer is not that (a session ended, nothing matches, no network).
 */
async function matchingSet(form: HTMLFormElement, action: string): Promise<MatchingSet | null> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && !['action', 'confirm', 'digest'].includes(name)) body.append(name, value);
  }
  body.set('action', action);
  try {
    // form.action would be the select named "action", not the address.
    const res = await fetch(form.getAttribute('action') ?? '', {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    const answer = (await res.json()) as { count?: unknown; digest?: unknown; error?: unknown };
    if (typeof answer.count !== 'number' || typeof answer.digest !== 'string') return null;
    return {
      count: answer.count,
      digest: answer.digest,
      notice: res.status === 409 && typeof answer.error === 'string' ? answer.error : null,
    };
  } catch {
    return null;
  }
}

/** The page without JavaScript asks instead: the form posted with the action chosen and nothing confirmed. */
function askOnPage(p: Parts, action: string): void {
  const select = p.form.querySelector<HTMLSelectElement>('select[name="action"]');
  if (!select) return;
  select.disabled = false;
  select.value = action;
  p.form.submit();
}

/**
 * The dialog asking before an action that changes customers; its button posts the form with that action and confirm=1.
 */
async function ask(p: Parts, action: string): Promise<void> {
  const dialog = document.getElementById('toplu-onay');
  if (!(dialog instanceof HTMLDialogElement) || !isAskedBulkAction(action)) return;
  const digest = p.form.querySelector<HTMLInputElement>('[data-bulk-digest]');
  let count = selectedCount(p);
  let notice: string | null = null;
  if (digest) digest.value = '';
  if (p.all?.checked) {
    const set = await matchingSet(p.form, action);
    if (!set || !digest) return askOnPage(p, action);
    ({ count, notice } = set);
    digest.value = set.digest;
  }
  const question = bulkQuestions[action];
  const title = dialog.querySelector('[data-bulk-question-title]');
  const effect = dialog.querySelector('[data-bulk-question-effect]');
  const said = dialog.querySelector<HTMLElement>('[data-bulk-question-notice]');
  const confirm = dialog.querySelector<HTMLButtonElement>('[data-bulk-question-confirm]');
  if (title) title.textContent = question.heading(count);
  if (effect) effect.textContent = question.effect;
  if (said) {
    said.textContent = notice ?? '';
    said.hidden = notice === null;
  }
  // Whom to assign to is chosen in the dialog; its select is sent only with that question's confirmation.
  const assignee = dialog.querySelector<HTMLElement>('[data-bulk-question-assignee]');
  if (assignee) assignee.hidden = action !== 'assign';
  const select = assignee?.querySelector('select');
  if (select) select.disabled = action !== 'assign';
  if (confirm) {
    confirm.value = action;
    confirm.textContent = question.button(count);
    confirm.classList.toggle('button--danger', action === 'delete');
  }
  openDialog(dialog);
}

function tickAll(p: Parts, checked: boolean): void {
  for (const row of p.rows) row.checked = checked;
}

export function enhanceBulkSelection(): void {
  const initial = parts();
  if (!initial) return;
  update(initial);

  document.addEventListener('change', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    const p = parts();
    if (!p) return;
    if (target === p.page) tickAll(p, target.checked);
    else if (!target.matches(ROWS) && target !== p.all) return;
    update(p);
  });

  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest?.('button');
    const p = button ? parts() : null;
    if (!button || !p) return;
    if (button.hasAttribute('data-bulk-offer') && p.all) {
      p.all.checked = !p.all.checked;
      update(p);
    } else if (button.hasAttribute('data-bulk-clear')) {
      tickAll(p, false);
      update(p);
      p.page?.focus();
    } else if (button.hasAttribute('data-bulk-ask')) {
      void ask(p, button.dataset.bulkAsk ?? '');
    }
  });

  // The bar's buttons carry the action, so the select (hidden with JavaScript) stays out of the post;
  // only the dialog's button sends the confirmation (review=1 alone would ask again on a page).
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-bulk')) return;
    const submitter = event.submitter;
    const select = form.querySelector<HTMLSelectElement>('select[name="action"]');
    if (select) select.disabled = submitter?.getAttribute('name') === 'action';
    const confirm = form.querySelector<HTMLInputElement>('[data-bulk-confirm]');
    const confirming = submitter?.hasAttribute('data-bulk-question-confirm') ?? false;
    if (confirm) confirm.disabled = !confirming;
    const assignee = document.querySelector<HTMLSelectElement>('select[name="admin_id"][form="secilenler"]');
    if (assignee) assignee.disabled = !confirming || submitter?.getAttribute('value') !== 'assign';
    // The digest the dialog's question was made of; ticked rows carry their own ids.
    const digest = form.querySelector<HTMLInputElement>('[data-bulk-digest]');
    if (digest) digest.disabled = !confirming || digest.value === '';
  });
}
