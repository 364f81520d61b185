import { page } from './page.js';

/** The Turkish catalogue, the source every other language's keys follow (docs/product.md, Languages). */
export const tr = { ...page };
