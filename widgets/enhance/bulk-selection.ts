/**
 * The list's selection with JavaScript (views/admin/bulk-bar.ejs; docs/product.md, Administrator,
 * "Selection"): "Bu sayfadakilerin hepsi" ticks every row, a bar at the foot of the screen appears
 * once something is ticked (the count and the actions), after select-all it offers every customer
 * matching the search, and an activate, a deactivate or a delete asks in a dialog naming the count
 * and what happens (the texts of the page asked without JavaScript). The same form is posted
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
  if (label) label.textContent = p.all?.checked ? `${p.form.dataset.allLabel ?? ''} seçildi` : `${count} müşteri seçildi`;
  const offer = p.bar.querySelector<HTMLButtonElement>('[data-bulk-offer]');
  if (offer) {
    offer.hidden = !p.all || !wholePage;
    offer.textContent = p.all?.checked ? 'Yalnızca bu sayfadakiler' : (p.form.dataset.allOffer ?? '');
  }
}

/** The dialog asking before an action that changes customers; its button posts the form with that action and confirm=1. */
function ask(action: string, count: number): void {
  const dialog = document.getElementById('toplu-onay');
  if (!(dialog instanceof HTMLDialogElement) || !isAskedBulkAction(action)) return;
  const question = bulkQuestions[action];
  const title = dialog.querySelector('[data-bulk-question-title]');
  const effect = dialog.querySelector('[data-bulk-question-effect]');
  const confirm = dialog.querySelector<HTMLButtonElement>('[data-bulk-question-confirm]');
  if (title) title.textContent = question.heading(count);
  if (effect) effect.textContent = question.effect;
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
      ask(button.dataset.bulkAsk ?? '', selectedCount(p));
    }
  });

  // The bar's buttons carry the action, so the select (hidden with JavaScript) stays out of the post;
  // only the dialog's button sends the confirmation (review=1 alone would ask again on a page).
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-bulk')) return;
    const submitter = (event as SubmitEvent).submitter;
    const select = form.querySelector<HTMLSelectElement>('select[name="action"]');
    if (select) select.disabled = submitter?.getAttribute('name') === 'action';
    const confirm = form.querySelector<HTMLInputElement>('[data-bulk-confirm]');
    if (confirm) confirm.disabled = !submitter?.hasAttribute('data-bulk-question-confirm');
  });
}
