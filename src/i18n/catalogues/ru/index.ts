import type { Messages } from '../messages.js';
import type { tr } from '../tr/index.js';
import { page } from './page.js';

export const ru: Messages<typeof tr> = { ...page };
