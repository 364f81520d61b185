import { HttpError } from '../errors.js';
import { idParam } from './id-param.js';

export const messages = {
  badIds: 'Müşteri listesi geçersiz: ids yalnızca virgülle ayrılmış müşteri numaraları olabilir (ör. ids=1,2,3).',
  noneChosen: 'Hiç müşteri seçilmedi. Listeden en az bir müşteriyi işaretleyip tekrar deneyin.',
  tooMany: 'Tek seferde en fazla 5.000 müşteri seçilebilir.',
} as const;

const MAX_IDS = 5000;

/**
 * `?ids=1,2,3`, or `ids` repeated (a GET form's ticked checkboxes), as row ids; null when the
 * query has no `ids` at all. Anything but ids (`abc`, `0`, `1;2`) is a 400.
 */
export function idListParam(raw: unknown): number[] | null {
  if (raw === undefined) return null;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((value) =>
    typeof value === 'string' ? value.split(',') : [null],
  );
  const ids = parts.filter((part) => part !== '').map((part) => idParam(part));
  if (ids.some((id) => id === null)) throw new HttpError(400, messages.badIds);
  if (ids.length === 0) throw new HttpError(400, messages.noneChosen);
  if (ids.length > MAX_IDS) throw new HttpError(400, messages.tooMany);
  return ids as number[];
}
