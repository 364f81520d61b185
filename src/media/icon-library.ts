/**
 * The drawn icons the pages use, as plain data (src/media/icon-data.ts, written from the icon
 * packages by `npm run icons`): a view writes them out escaped through
 * views/partials/platform-icon.ejs, so no markup from a file ever reaches a page as is.
 */
import { UI_ICONS, iconKey } from '../domain/icons.js';
import { linkIcon, type LinkIcon } from '../domain/platforms.js';
import { ICON_DATA } from './icon-data.js';

export interface IconElement {
  tag: string;
  attrs: ReadonlyArray<readonly [name: string, value: string]>;
}

export interface IconView {
  key: string;
  /** `brand`: a filled logo in its colour; `line`: a stroked icon in the text's colour. */
  kind: 'brand' | 'line';
  viewBox: string;
  elements: readonly IconElement[];
  /** The brand colour made readable on the light and the dark cards (null for line icons). */
  light: string | null;
  dark: string | null;
}

/** What the views call (app.locals.icons). */
export class IconLibrary {
  constructor(private readonly icons: ReadonlyMap<string, IconView>) {}

  get(key: string | null | undefined): IconView | undefined {
    return key ? this.icons.get(key) : undefined;
  }

  /**
   * An interface icon by its name in UI_ICONS (views/partials/ui-icon.ejs). A name that is not
   * there is a mistake in a view, so it fails the page rather than leaving a gap.
   */
  ui(name: string): IconView {
    const ref = Object.hasOwn(UI_ICONS, name) ? UI_ICONS[name as keyof typeof UI_ICONS] : undefined;
    const icon = ref ? this.icons.get(iconKey(ref)) : undefined;
    if (!icon) throw new Error(`No interface icon named ${JSON.stringify(name)} (UI_ICONS in src/domain/icons.ts)`);
    return icon;
  }

  /** The icon of a link (or of a platform in the picker, with no custom icon). */
  forLink(platformId: string, customIcon?: string | null): LinkIcon {
    return linkIcon(platformId, customIcon);
  }
}

let loaded: IconLibrary | undefined;

/** Made at the first call, then shared by every app in the process. */
export function loadIconLibrary(): IconLibrary {
  loaded ??= new IconLibrary(new Map(ICON_DATA.map((icon) => [icon.key, icon])));
  return loaded;
}
