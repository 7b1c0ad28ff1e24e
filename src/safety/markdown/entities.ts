// Character references as GitHub's renderer and a browser decode them, for
// the characters that can change how a URL or a mention reads.

/** Named character references that decode to characters which can change how a URL parses. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', sol: '/', bsol: '\\', commat: '@',
  period: '.', quest: '?', num: '#', equals: '=', percnt: '%', Tab: '\t', NewLine: '\n', excl: '!',
  lpar: '(', rpar: ')', semi: ';', comma: ',', plus: '+', dollar: '$', ast: '*', lowbar: '_',
  hyphen: '-', midast: '*', nbsp: '\u00A0',
};
/** Legacy references a browser decodes in an attribute even without the `;`. */
const LEGACY_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot']);

export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,8})(;?)|#[xX]([0-9A-Fa-f]{1,7})(;?)|([A-Za-z][A-Za-z0-9]{1,31})(;?))/g, (entity, ...groups: Array<string | undefined>) => {
    const [decimal, , hex, , name, semicolon] = groups;
    if (name !== undefined) {
      const decoded = NAMED_ENTITIES[name];
      return decoded !== undefined && (semicolon === ';' || LEGACY_ENTITIES.has(name)) ? decoded : entity;
    }
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code);
  });
}
