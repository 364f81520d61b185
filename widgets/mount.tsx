import { enhanceBusyForms } from './enhance/busy-forms';
import { enhanceColorFields } from './enhance/color-fields';
import { enhanceCopyLines } from './enhance/copy-lines';
import { enhanceCounters } from './enhance/counters';
import { enhanceDialogs } from './enhance/dialogs';
import { enhanceFileSizes } from './enhance/file-size';
import { enhanceLinkPreviews } from './enhance/link-preview';
import { enhancePrintButtons } from './enhance/print-buttons';
import { enhanceRequiredFields } from './enhance/required-fields';
import { enhanceShapedFields } from './enhance/shaped-fields';
import { enhanceSwitchForms } from './enhance/switch-forms';
import { startPageAnimation } from './profile/start-animation';
import type { WidgetName, WidgetProps } from '../src/shared/widget-props';

interface WidgetModule<N extends WidgetName> {
  mount(el: HTMLElement, props: WidgetProps[N]): void;
}

/** Each widget is its own chunk, loaded only when the page has an element that asks for it. */
const widgets: { [N in WidgetName]: () => Promise<WidgetModule<N>> } = {
  'copy-button': () => import('./copy-button/index'),
  'photo-cropper': () => import('./photo-cropper/index'),
  'background-picker': () => import('./background-picker/index'),
  'link-sorter': () => import('./link-sorter/index'),
  'stats-chart': () => import('./stats-chart/index'),
};

function isWidgetName(name: string | undefined): name is WidgetName {
  return name !== undefined && Object.hasOwn(widgets, name);
}

/** The server built these props with the same types (src/presenters/widget-props.ts). */
function readProps(el: HTMLElement): unknown {
  try {
    return JSON.parse(el.dataset.props ?? '{}');
  } catch {
    return {};
  }
}

/** Mounts every `[data-widget]` inside `root` once; its server-rendered fallback works until then. */
export function mountWithin(root: ParentNode): void {
  enhanceShapedFields(root);
  enhanceRequiredFields(root);
  enhanceSwitchForms(root);
  enhanceCounters(root);
  enhanceColorFields(root);
  enhanceLinkPreviews(root);
  enhanceCopyLines(root);
  enhancePrintButtons(root);
  enhanceFileSizes(root); // before busy forms: a refused file leaves "Ekle" as it was
  enhanceBusyForms(root);
  for (const el of root.querySelectorAll<HTMLElement>('[data-widget]')) {
    if (el.dataset.mounted) continue;
    const name = el.dataset.widget;
    if (!isWidgetName(name)) continue;
    el.dataset.mounted = 'true';
    widgets[name]()
      .then((module: WidgetModule<typeof name>) => module.mount(el, readProps(el) as WidgetProps[typeof name]))
      .catch(() => {
        delete el.dataset.mounted;
      });
  }
}

document.documentElement.classList.add('js');
mountWithin(document);
startPageAnimation();
enhanceDialogs(mountWithin);
// Its own chunk: only the admin list has a bulk form.
if (document.querySelector('form[data-bulk]'))
  void import('./enhance/bulk-selection').then(({ enhanceBulkSelection }) => enhanceBulkSelection());
