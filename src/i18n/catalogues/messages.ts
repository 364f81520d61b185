/** A catalogue area in another language: every key of the Turkish source, each with its own text. */
export type Messages<Source> = { readonly [K in keyof Source]: string };
