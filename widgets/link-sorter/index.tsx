/**
 * Drag-and-drop reordering for the owner's server-rendered link list. The list stays the
 * server's markup (its edit, delete and visibility forms keep working); this only adds:
 *
 * - dragging by `[data-drag-handle]` (mouse and touch, via sortablejs), which posts the new
 *   order as `order` = comma-separated link ids to the reorder route and puts the items back
 *   if the server refuses;
 * - the no-JS "Yukarı"/"Aşağı" forms (a field `direction` = up|down) sent in place, the item
 *   moved once the server agrees, focus left on the pressed button;
 * - a status line announcing each move: "{label} {n}. sıraya taşındı".
 */
import Sortable from 'sortablejs';
import { postForm, type ServerReply } from '../lib/post';
import type { LinkSorterProps } from '../../src/shared/widget-props';

type Direction = 'up' | 'down';

const ITEM = 'li[data-link-id]';

const messages = {
  moved: (label: string, position: number) => `${label} ${position}. sıraya taşındı`,
  atTop: (label: string) => `${label} zaten ilk sırada`,
  atBottom: (label: string) => `${label} zaten son sırada`,
  failed: 'Sıralama güncellenemedi',
  link: 'Bağlantı',
} as const;

function itemsOf(list: HTMLElement): HTMLElement[] {
  return Array.from(list.children).filter(
    (child): child is HTMLElement => child instanceof HTMLElement && child.matches(ITEM),
  );
}

/** `data-link-label` on the item, else a `[data-link-label]` or `<strong>` inside it. */
function labelOf(item: HTMLElement): string {
  const label =
    item.dataset.linkLabel ??
    (item.querySelector('[data-link-label]') ?? item.querySelector('strong'))?.textContent ??
    '';
  return label.trim() || messages.link;
}

function sibling(item: HTMLElement, direction: Direction): HTMLElement | null {
  let node = direction === 'up' ? item.previousElementSibling : item.nextElementSibling;
  while (node && !node.matches(ITEM)) node = direction === 'up' ? node.previousElementSibling : node.nextElementSibling;
  return node as HTMLElement | null;
}

/** The form's fields as a urlencoded body, the pressed button's own name/value included. */
function fieldsOf(form: HTMLFormElement, submitter: HTMLElement | null): URLSearchParams {
  let data: FormData;
  try {
    data = new FormData(form, submitter);
  } catch {
    data = new FormData(form); // a submitter from outside the form
  }
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string') body.append(name, value);
  return body;
}

function directionOf(form: HTMLFormElement, submitter: HTMLElement | null): Direction | null {
  const direction = fieldsOf(form, submitter).get('direction');
  return direction === 'up' || direction === 'down' ? direction : null;
}

const SUBMITS = 'button:not([type]), button[type=submit], input[type=submit]';

/** The item's move buttons ("Yukarı"/"Aşağı" forms) with the direction each one sends. */
function moveButtons(item: HTMLElement): { button: HTMLElement; direction: Direction }[] {
  const found: { button: HTMLElement; direction: Direction }[] = [];
  for (const form of item.querySelectorAll('form')) {
    if (form.closest(ITEM) !== item) continue;
    for (const button of form.querySelectorAll<HTMLElement>(SUBMITS)) {
      const direction = directionOf(form, button);
      if (direction) found.push({ button, direction });
    }
  }
  return found;
}

/**
 * The server disables "Yukarı" on the first item and "Aşağı" on the last. Items move here
 * without a reload, so that is kept up to date, as aria-disabled: a disabled button would drop
 * the keyboard focus the moment its item reaches the top (a press there is only announced).
 */
function markEdges(list: HTMLElement): void {
  const items = itemsOf(list);
  items.forEach((item, i) => {
    for (const { button, direction } of moveButtons(item)) {
      const edge = direction === 'up' ? i === 0 : i === items.length - 1;
      if (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) button.disabled = false;
      if (edge) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    }
  });
}

/** The item's own move form (and button) for a direction, as the server rendered them. */
function moveControl(
  item: HTMLElement,
  direction: Direction,
): { form: HTMLFormElement; submitter: HTMLElement | null } | null {
  for (const form of item.querySelectorAll('form')) {
    if (form.closest(ITEM) !== item) continue;
    const buttons = Array.from(form.querySelectorAll<HTMLElement>(SUBMITS));
    for (const submitter of buttons.length ? buttons : [null]) {
      if (directionOf(form, submitter) === direction) return { form, submitter };
    }
  }
  return null;
}

export function mount(el: HTMLElement, props: LinkSorterProps): void {
  const list = el.matches('[data-sortable]') ? el : el.querySelector<HTMLElement>('[data-sortable]');
  if (!list) return;

  const status = document.createElement('p');
  status.className = 'link-sorter__status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  if (list === el) list.after(status);
  else el.append(status);
  let clearTimer: number | undefined;
  const announce = (text: string, kind: 'info' | 'error' = 'info') => {
    window.clearTimeout(clearTimer);
    // The same words twice in a row are still read out: make the text differ.
    status.textContent = status.textContent === text ? `${text}\u00a0` : text;
    status.dataset.kind = kind;
    if (kind === 'info') clearTimer = window.setTimeout(() => (status.textContent = ''), 5000);
  };
  const positionOf = (item: HTMLElement) => itemsOf(list).indexOf(item) + 1;

  // One request at a time, in order: the list always shows what the server has.
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let sortable: Sortable | null = null;
  const run = (work: () => Promise<void>) => {
    pending++;
    sortable?.option('disabled', true);
    list.setAttribute('aria-busy', 'true');
    queue = queue
      .then(work)
      .catch(() => announce(messages.failed, 'error'))
      .finally(() => {
        if (--pending > 0) return;
        sortable?.option('disabled', false);
        list.removeAttribute('aria-busy');
      });
  };

  /** Puts the items in the server's order, when its reply gives one. */
  const applyOrder = (reply: ServerReply): boolean => {
    if (!Array.isArray(reply.order) || !sortable) return false;
    sortable.sort(reply.order.map(String), false);
    return true;
  };

  const move = async (
    item: HTMLElement,
    direction: Direction,
    form: HTMLFormElement,
    submitter: HTMLElement | null,
    focusTarget: HTMLElement | null,
  ) => {
    const label = labelOf(item);
    const other = sibling(item, direction);
    if (!other) {
      announce(direction === 'up' ? messages.atTop(label) : messages.atBottom(label));
      return;
    }
    const reply = await postForm(form.action, fieldsOf(form, submitter));
    if (!reply.ok) {
      announce(messages.failed, 'error');
      return;
    }
    if (!applyOrder(reply)) {
      // Move the neighbour rather than the item, so the focused button never leaves the page.
      if (direction === 'up') item.after(other);
      else item.before(other);
    }
    markEdges(list);
    if (focusTarget && (document.activeElement === document.body || document.activeElement === null))
      focusTarget.focus();
    announce(messages.moved(label, positionOf(item)));
  };

  markEdges(list);
  for (const handle of list.querySelectorAll<HTMLElement>('[data-drag-handle]')) {
    handle.hidden = false;
    // A handle that can take focus moves its item with the arrow keys, like the buttons.
    handle.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
      const item = handle.closest<HTMLElement>(ITEM);
      const direction = event.key === 'ArrowUp' ? 'up' : 'down';
      const control = item && moveControl(item, direction);
      if (!item || !control) return;
      event.preventDefault();
      run(() => move(item, direction, control.form, control.submitter, handle));
    });
  }

  list.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const item = form.closest<HTMLElement>(ITEM);
    const submitter = event.submitter ?? null;
    const direction = directionOf(form, submitter);
    if (!item || !direction || item.parentElement !== list) return;
    event.preventDefault();
    run(() => move(item, direction, form, submitter, submitter));
  });

  let before: string[] = [];
  sortable = Sortable.create(list, {
    handle: '[data-drag-handle]',
    draggable: ITEM,
    dataIdAttr: 'data-link-id',
    animation: 150,
    ghostClass: 'link-sorter__ghost',
    chosenClass: 'link-sorter__chosen',
    dragClass: 'link-sorter__drag',
    onStart: () => {
      before = sortable?.toArray() ?? [];
    },
    onEnd: (event) => {
      const after = sortable?.toArray() ?? [];
      if (after.join(',') === before.join(',')) return;
      markEdges(list);
      const item = event.item;
      const previous = before;
      run(async () => {
        const reply = await postForm(props.action, new URLSearchParams({ order: after.join(',') }));
        if (!reply.ok) {
          sortable?.sort(previous, true);
          markEdges(list);
          announce(messages.failed, 'error');
          return;
        }
        applyOrder(reply);
        markEdges(list);
        announce(messages.moved(labelOf(item), positionOf(item)));
      });
    },
  });
}
