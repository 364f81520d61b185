/**
 * The props each widget gets in `data-props`, built here with the types the widgets read
 * (src/shared/widget-props.ts), so a change on either side fails the type check. The views
 * call these through app.locals.widgetProps.
 */
import { parseCover } from '../domain/background.js';
import type { ChartRange } from '../shared/widget-props.js';
import type {
  BackgroundPickerProps,
  CopyButtonProps,
  LinkSorterProps,
  PhotoCropperProps,
  PhotoKind,
  StatsChartProps,
} from '../shared/widget-props.js';

/** `base` is the owner's `/edit/{token}`; `redirect` is where the widget goes after a save. */
export const widgetProps = {
  copyButton: (text: string, label: string): CopyButtonProps => ({ text, label }),
  linkSorter: (base: string): LinkSorterProps => ({ action: `${base}/links/order` }),
  photoCropper: (base: string, kind: PhotoKind, currentUrl: string | null, redirect: string): PhotoCropperProps => ({
    action: `${base}/photo/${kind}`,
    kind,
    currentUrl,
    redirect,
  }),
  backgroundPicker: (
    base: string,
    current: { type: string; value: string },
    redirect: string,
  ): BackgroundPickerProps => ({
    action: `${base}/background`,
    imageAction: `${base}/background/image`,
    current,
    redirect,
  }),
  /** The same picker for the cover; `cover` is the stored cover_photo (its prefix says the kind). */
  coverPicker: (base: string, cover: string | null, redirect: string): BackgroundPickerProps => ({
    action: `${base}/cover`,
    imageAction: null,
    target: 'cover',
    current: { type: parseCover(cover)?.kind ?? '', value: cover ?? '' },
    redirect,
  }),
  statsChart: (base: string, days: ChartRange): StatsChartProps => ({ endpoint: `${base}/stats`, days }),
} as const;
