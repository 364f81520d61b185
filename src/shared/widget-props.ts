/**
 * What the server hands each widget in `data-props`: typed once here, built by the server's
 * presenters (src/presenters/widget-props.ts) and read by the widgets, which trust it.
 * Browser-safe: imports nothing outside src/shared.
 */

export interface CopyButtonProps {
  text: string;
  label: string;
}

export interface LinkSorterProps {
  /** The reorder route: takes `order`, the link ids in their new order, comma-separated. */
  action: string;
}

export type PhotoKind = 'profile' | 'cover';

export interface PhotoCropperProps {
  /** The no-JS upload form's action: takes `file` and `crop_x`, `crop_y`, `crop_width`, `crop_height`. */
  action: string;
  kind: PhotoKind;
  currentUrl: string | null;
  /** Where to go after a successful save (the fresh server-rendered page). */
  redirect: string;
}

/** The day ranges the statistics page offers. */
export const CHART_RANGES = [7, 30, 90] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export interface StatsChartProps {
  /** The statistics page; asked for JSON with `?days={days}` (the page's own range). */
  endpoint: string;
  days: ChartRange;
}

/** What a background picker sets: the page's background, or the cover. */
export type PickerTarget = 'background' | 'cover';

export interface BackgroundPickerProps {
  /**
   * The no-JS form's action: `background_type`, `background_value` for the background;
   * `cover_type`, `cover_value` for the cover.
   */
  action: string;
  /**
   * The image upload form's action: multipart `file`; sets the uploaded image as the background. Null for the cover
   * (its photo has the cropper).
   */
  imageAction: string | null;
  /** The page background (the default), or the cover: its own colours and no images tab. */
  target?: PickerTarget;
  /** The stored background, which the picker opens on. */
  current: { type: string; value: string };
  redirect: string;
  /** The owner's dark mode, for the previews; without it, the page's `theme-dark` class. */
  dark?: boolean;
}

/** Every widget by its `data-widget` name, with the props its `data-props` carries. */
export interface WidgetProps {
  'copy-button': CopyButtonProps;
  'photo-cropper': PhotoCropperProps;
  'background-picker': BackgroundPickerProps;
  'link-sorter': LinkSorterProps;
  'stats-chart': StatsChartProps;
}

export type WidgetName = keyof WidgetProps;
