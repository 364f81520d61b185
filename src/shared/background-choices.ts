/**
 * The page's default colours and the choices the owner's background picker offers (colour
 * presets, animation types): the server's no-JavaScript form and the picker widget show the same.
 */
import type { AnimationType } from './animation-config.js';

/** The page's light background: what an empty or unreadable background shows (and new pages store). */
export const DEFAULT_BACKGROUND_COLOR = '#f9fafb';
/** The page's dark-theme background (public/css/profile.css uses the same value). */
export const DEFAULT_DARK_BACKGROUND_COLOR = '#0b0e14';

export interface ColorPreset {
  value: string;
  name: string;
  /** What the page shows instead when the owner has turned dark mode on. */
  dark: string;
}

/** The 12 colours of the owner's background picker; the first is the default. */
export const COLOR_PRESETS: readonly ColorPreset[] = Object.freeze(
  [
    { value: DEFAULT_BACKGROUND_COLOR, name: 'Açık Gri', dark: DEFAULT_DARK_BACKGROUND_COLOR },
    { value: '#ffffff', name: 'Beyaz', dark: '#111318' },
    { value: '#fef3c7', name: 'Vanilya', dark: '#2a2113' },
    { value: '#ffedd5', name: 'Şeftali', dark: '#2b1a10' },
    { value: '#fee2e2', name: 'Pudra', dark: '#2b1416' },
    { value: '#fce7f3', name: 'Pembe', dark: '#2a1322' },
    { value: '#ede9fe', name: 'Lavanta', dark: '#1d1730' },
    { value: '#e0e7ff', name: 'Çivit', dark: '#151a33' },
    { value: '#dbeafe', name: 'Gök Mavisi', dark: '#101d33' },
    { value: '#cffafe', name: 'Buz Mavisi', dark: '#0c2429' },
    { value: '#d1fae5', name: 'Nane', dark: '#0d2419' },
    { value: '#ecfccb', name: 'Fıstık', dark: '#1a230d' },
  ].map((preset) => Object.freeze(preset)),
);

/**
 * The cover's colours: deeper than the page's, so the name on the cover (white) keeps a
 * contrast of at least 4.5:1 on each. A cover colour is the same in both themes.
 */
export const COVER_COLOR_PRESETS: readonly ColorPreset[] = Object.freeze(
  [
    { value: '#1e3a8a', name: 'Lacivert' },
    { value: '#4338ca', name: 'Çivit' },
    { value: '#6d28d9', name: 'Mor' },
    { value: '#86198f', name: 'Erik' },
    { value: '#9f1239', name: 'Bordo' },
    { value: '#c2410c', name: 'Kiremit' },
    { value: '#a16207', name: 'Hardal' },
    { value: '#166534', name: 'Orman' },
    { value: '#047857', name: 'Zümrüt' },
    { value: '#0f766e', name: 'Petrol' },
    { value: '#0369a1', name: 'Okyanus' },
    { value: '#374151', name: 'Antrasit' },
  ].map((preset) => Object.freeze({ ...preset, dark: preset.value })),
);

export interface AnimationChoice {
  type: AnimationType;
  label: string;
}

export const ANIMATION_TYPES: readonly AnimationChoice[] = Object.freeze([
  { type: 'gradient', label: 'Renk Geçişi' },
  { type: 'particles', label: 'Parçacıklar' },
  { type: 'waves', label: 'Dalgalar' },
  { type: 'geometry', label: 'Geometri' },
] as const);
