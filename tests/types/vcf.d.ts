/** The part of the `vcf` package (no types of its own) the tests read vCards back with. */
declare module 'vcf' {
  type JCardProperty = [
    name: string,
    params: Record<string, string | string[]>,
    type: string,
    value: string | string[],
  ];

  class vCard {
    static parse(text: string): vCard[];
    version: string;
    toJSON(): [kind: 'vcard', properties: JCardProperty[]];
  }

  export = vCard;
}
