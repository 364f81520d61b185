/**
 * The public page's only script, small and optional: the page works fully without it.
 * It turns :target sections into dialogs, adds copy and share buttons, sends messages
 * in place, counts link taps where the browser sends no ping, and starts a canvas background
 * animation when the page has one.
 */
import { enhanceDialogs } from '../enhance/dialogs';
import { enhanceClickCounting } from './click-beacons';
import { showToast } from '../lib/toast';
import { enhanceMessageForm } from './message-form';
import { startPageAnimation } from './start-animation';

/** The page's words for a copy (`data-copied`, `data-copy-failed` on its body), in its language. */
async function copy(text: string): Promise<void> {
  const words = document.body.dataset;
  try {
    await navigator.clipboard.writeText(text);
    showToast(words.copied ?? '');
  } catch {
    showToast(words.copyFailed ?? '', 'error');
  }
}

function enhanceCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', () => void copy(button.dataset.copy ?? ''));
  }
}

function enhanceShareButton(): void {
  const button = document.querySelector<HTMLButtonElement>('button[data-share]');
  if (!button) return;
  button.hidden = false;
  // share() settles by itself (an abort or a refusal falls back to copying), so nothing waits on it.
  button.addEventListener('click', () => void share(button));
}

async function share(button: HTMLButtonElement): Promise<void> {
  const url = button.dataset.share ?? location.href;
  if (navigator.share) {
    try {
      await navigator.share({ title: document.title, url });
      return;
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
    }
  }
  await copy(url);
}

/** A catalog image that fails shows "Görsel yüklenemedi" and keeps the open-in-new-tab link. */
function enhanceImageFallbacks(): void {
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const fail = () => {
      const note = document.getElementById(img.dataset.fallback ?? '');
      img.hidden = true;
      if (note) note.hidden = false;
    };
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fail();
    else img.addEventListener('error', fail);
  }
}

/** Background and cover videos autoplay muted; a visitor who asked for less motion gets a still frame. */
function respectReducedMotion(): void {
  if (!matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const video of document.querySelectorAll<HTMLVideoElement>('video[autoplay]')) {
    video.pause();
    video.removeAttribute('autoplay');
  }
}

document.documentElement.classList.add('js');
respectReducedMotion();
enhanceClickCounting();
enhanceDialogs(() => undefined);
enhanceCopyButtons();
enhanceShareButton();
enhanceImageFallbacks();
const form = document.querySelector<HTMLFormElement>('form[data-message-form]');
if (form) enhanceMessageForm(form);
startPageAnimation();
