import { enhanceBusyForms } from './enhance/busy-forms';
import { enhanceCounters } from './enhance/counters';
import { enhanceDialogs } from './enhance/dialogs';
import { enhanceLinkPreviews } from './enhance/link-preview';
import { enhanceRequiredFields } from './enhance/required-fields';
import { startPageAnimation } from './profile/start-animation';

interface WidgetModule {
  mount(el: HTMLElement, props: never): void;
}

/** Each widget is its own chunk, loaded only when the page has an element that asks for it. */
const widgets: Record<string, () => Promise<WidgetModule>> = {
  'copy-button': () => import('./copy-button/index'),
  'photo-cropper': () => import('./photo-cropper/index'),
  'background-picker': () => import('./background-picker/index'),
  'link-sorter': () => import('./link-sorter/index'),
  'stats-chart': () => import('./stats-chart/index'),
};

function readProps(el: HTMLElement): unknown {
  try {
    return JSON.parse(el.dataset.props ?? '{}');
  } catch {
    return {};
  }
}

/** Mounts every `[data-widget]` inside `root` once; its server-rendered fallback works until then. */
export function mountWithin(root: ParentNode): void {
  enhanceRequiredFields(root);
  enhanceCounters(root);
  enhanceLinkPreviews(root);
  enhanceBusyForms(root);
  for (const el of root.querySelectorAll<HTMLElement>('[data-widget]')) {
    if (el.dataset.mounted) continue;
    const load = widgets[el.dataset.widget ?? ''];
    if (!load) continue;
    el.dataset.mounted = 'true';
    load()
      .then((module) => module.mount(el, readProps(el) as never))
      .catch(() => {
        delete el.dataset.mounted;
      });
  }
}

document.documentElement.classList.add('js');
mountWithin(document);
startPageAnimation();
enhanceDialogs(mountWithin);
