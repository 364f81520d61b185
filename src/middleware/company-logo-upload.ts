import type { RequestHandler } from 'express';
import { LOGO_FIELD } from '../media/logo-image.js';
import { IMAGE_UPLOAD_MAX_BYTES } from '../shared/upload-limits.js';
import { createUpload, type UploadLimits } from './upload.js';

/**
 * The company template's form (docs/product.md, Companies): the logo (5 MB, like the agency's) and its text fields,
 * the lock boxes and the CSRF token.
 */
export const COMPANY_LOGO_LIMITS: UploadLimits = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  fields: 30,
  fieldSize: 4096,
  tooLargeMessage: "Logo dosyası 5MB'tan küçük olmalıdır",
};

export const companyLogoUpload: RequestHandler = createUpload(COMPANY_LOGO_LIMITS, LOGO_FIELD);
