/** The link form as the validation tests drive it: the stored value, or the field errors. */
import { ValidationError } from '../../../src/errors.js';
import { parseLinkInput, type LinkInputOptions } from '../../../src/validation/link.validation.js';

export type Body = Record<string, unknown>;

export function urlOf(platform: string, url: unknown): string {
  return parseLinkInput({ platform, url }).url;
}

export function errorsOf(body: Body, options?: LinkInputOptions): Record<string, string> {
  try {
    parseLinkInput(body, options);
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  throw new Error(`expected a ValidationError for ${JSON.stringify(body)}`);
}
