/**
 * Link taps on the public page (docs/product.md, Statistics). Every link of the owner carries
 * `ping="/{slug}/links/{id}/click"`: the browser itself posts it when the link is followed, with
 * or without JavaScript, a same-page `#dialog` link included. This script takes over only where
 * no ping would go out, and then removes the `ping` attribute first, so that one tap is never
 * counted twice:
 *
 * - a link that opens a dialog: our dialog script cancels the click (the modal opens in place),
 *   and a cancelled click sends no ping;
 * - every link in Firefox and Brave, which ship with pings turned off (`browser.send_pings`,
 *   Brave's shields); `'ping' in HTMLAnchorElement.prototype` is true there too, so the engine
 *   is the only test that holds. Were pings turned back on, the attribute is gone anyway.
 *
 * The beacon is a bodyless POST to the same address; nothing about the visitor goes with it.
 */
function pingsOff(): boolean {
  return /\bFirefox\//.test(navigator.userAgent) || 'brave' in navigator;
}

export function enhanceClickCounting(): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const allLinks = pingsOff();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[ping]')) {
    const opensDialog = (link.getAttribute('href') ?? '').startsWith('#');
    if (!allLinks && !opensDialog) continue;
    link.dataset.click = link.getAttribute('ping') ?? '';
    link.removeAttribute('ping');
  }
  const send = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-click]');
    if (link?.dataset.click && (event.type === 'click' ? event.button === 0 : event.button === 1))
      navigator.sendBeacon(link.dataset.click);
  };
  // Capture: counted before any handler stops the event; a middle click opening a tab counts like a ping would.
  document.addEventListener('click', send, true);
  document.addEventListener('auxclick', send, true);
}
