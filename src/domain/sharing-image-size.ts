/** The sharing image's size (CONTRACT section 9, `/{slug}/og.png`): the 1.91:1 of a large link preview. */
export const SHARING_IMAGE = { width: 1200, height: 630 } as const;
