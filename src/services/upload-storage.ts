import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files on local disk under DATA_DIR/uploads, one folder a customer, so that a
 * customer's files go with one removal.
 */
export class UploadStorage {
  constructor(readonly root: string) {}

  customerDir(customerId: number): string {
    return path.join(this.root, String(customerId));
  }

  async removeCustomerFiles(customerId: number): Promise<void> {
    await rm(this.customerDir(customerId), { recursive: true, force: true });
  }
}
