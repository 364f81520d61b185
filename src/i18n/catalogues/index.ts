import type { Language } from '../languages.js';
import { ar } from './ar/index.js';
import { de } from './de/index.js';
import { en } from './en/index.js';
import type { Messages } from './messages.js';
import { ru } from './ru/index.js';
import { tr } from './tr/index.js';

export type MessageKey = keyof typeof tr;

/** One catalogue per language, each with every key of the Turkish one (the compiler checks it). */
export const CATALOGUES: Readonly<Record<Language, Messages<typeof tr>>> = { tr, en, de, ru, ar };
