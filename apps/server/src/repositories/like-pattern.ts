/** A `like` pattern for a case-insensitive substring (compare with `lower(column)`): `%`, `_` and `\` are literal. */
export const substringPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
