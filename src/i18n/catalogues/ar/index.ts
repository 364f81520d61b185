import type { Messages } from '../messages.js';
import type { tr } from '../tr/index.js';
import { page } from './page.js';

export const ar: Messages<typeof tr> = { ...page };
