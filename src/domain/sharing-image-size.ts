/**
 * The sharing image's size (docs/product.md, The business on the card: `/{slug}/og.png`): the 1.91:1 of a large link
 * preview.
 */
export const SHARING_IMAGE = { width: 1200, height: 630 } as const;
