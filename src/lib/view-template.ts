import { readFileSync } from 'node:fs';
import path from 'node:path';
import ejs from 'ejs';
import { viewsDir } from './paths.js';

/** A view rendered synchronously with its locals. */
export type ViewTemplate = (locals: Record<string, unknown>) => string;

/**
 * A view of `views/` for HTML made outside a response (the e-mails, a cached page's live part): compiled once, on its
 * first use, by the EJS the pages use, so its values are escaped by `<%=` as everywhere else.
 */
export function viewTemplate(name: string): ViewTemplate {
  let compiled: ViewTemplate | null = null;
  return (locals) => {
    if (!compiled) {
      const filename = path.join(viewsDir, `${name}.ejs`);
      compiled = ejs.compile(readFileSync(filename, 'utf8'), { filename });
    }
    return compiled(locals);
  };
}
