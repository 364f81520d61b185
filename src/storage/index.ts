import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.storage.js';

export type { FileStorage, OpenFile } from './file-storage.js';

/**
 * The app's file storage. Local disk under DATA_DIR/uploads is the only driver; several
 * instances share it through a volume mounted there in each. An object-storage driver would
 * implement FileStorage in its own file here and be chosen in this function from its config.
 */
export function createStorage(config: Pick<Config, 'uploadsDir'>): FileStorage {
  return new LocalDiskStorage(config.uploadsDir);
}
