/**
 * Every string a regular expression fully matches, when that is a small finite set: the regex flags of a CTFd
 * export become exact flags, which is all Flagpole's judge compares with. Understood: literal characters and
 * escaped punctuation, groups `( )` and `(?: )`, alternation `|`, character classes `[abc]` `[a-c]` (not negated),
 * the `?` quantifier and the anchors `^` at the start and `$` at the end (full-match semantics make them no-ops).
 * Anything else (`.`, `*`, `+`, `{m,n}`, `\d`, look-arounds, back-references) is infinite or not worth guessing:
 * the answer is null, and so it is when more than `limit` strings would come out.
 */
export function expandFiniteRegex(pattern: string, limit: number): string[] | null {
  let source = pattern;
  if (source.startsWith('^')) source = source.slice(1);
  if (source.endsWith('$') && !source.endsWith('\\$')) source = source.slice(0, -1);
  const parser = new Parser(source, limit);
  try {
    const result = parser.alternation();
    if (parser.position !== source.length) return null;
    return [...new Set(result)];
  } catch (error) {
    if (error instanceof NotFinite) return null;
    throw error;
  }
}

class NotFinite extends Error {}

/** Punctuation that an escape turns into itself. */
const ESCAPABLE = new Set('\\^$.|?*+()[]{}/-_!@#%&=:;,<>\'"`~ '.split(''));
const SPECIAL = new Set('\\^$.|?*+()[]{}'.split(''));

class Parser {
  position = 0;

  constructor(
    private readonly source: string,
    private readonly limit: number,
  ) {}

  private peek(): string | undefined {
    return this.source[this.position];
  }

  private checked(values: string[]): string[] {
    if (values.length > this.limit) throw new NotFinite();
    return values;
  }

  alternation(): string[] {
    const options = [...this.sequence()];
    while (this.peek() === '|') {
      this.position += 1;
      options.push(...this.sequence());
      this.checked(options);
    }
    return options;
  }

  private sequence(): string[] {
    let result = [''];
    for (let next = this.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.peek()) {
      let atom = this.atom();
      if (this.peek() === '?') {
        this.position += 1;
        if (this.peek() === '?' || this.peek() === '+') throw new NotFinite();
        atom = ['', ...atom];
      }
      if (this.peek() !== undefined && '*+{'.includes(this.peek() as string)) throw new NotFinite();
      const product: string[] = [];
      for (const head of result) for (const tail of atom) product.push(head + tail);
      result = this.checked(product);
    }
    return result;
  }

  private atom(): string[] {
    const char = this.peek() as string;
    if (char === '(') {
      this.position += 1;
      if (this.source.startsWith('?:', this.position)) this.position += 2;
      else if (this.peek() === '?') throw new NotFinite();
      const inner = this.alternation();
      if (this.peek() !== ')') throw new NotFinite();
      this.position += 1;
      return inner;
    }
    if (char === '[') return this.characterClass();
    if (char === '\\') return [this.escape()];
    if (SPECIAL.has(char)) throw new NotFinite();
    this.position += 1;
    return [char];
  }

  private escape(): string {
    const next = this.source[this.position + 1];
    if (next === undefined || !ESCAPABLE.has(next)) throw new NotFinite();
    this.position += 2;
    return next;
  }

  private characterClass(): string[] {
    this.position += 1;
    if (this.peek() === '^') throw new NotFinite();
    const members = new Set<string>();
    let first = true;
    while (this.peek() !== ']' || first) {
      const char = this.peek();
      if (char === undefined) throw new NotFinite();
      first = false;
      const low = char === '\\' ? this.escape() : this.literal();
      if (
        this.peek() === '-' &&
        this.source[this.position + 1] !== ']' &&
        this.source[this.position + 1] !== undefined
      ) {
        this.position += 1;
        const high = this.peek() === '\\' ? this.escape() : this.literal();
        const from = low.codePointAt(0) as number;
        const to = high.codePointAt(0) as number;
        if (to < from || to - from >= this.limit) throw new NotFinite();
        for (let code = from; code <= to; code += 1) members.add(String.fromCodePoint(code));
      } else {
        members.add(low);
      }
      this.checked([...members]);
    }
    this.position += 1;
    return [...members];
  }

  private literal(): string {
    const char = this.peek() as string;
    if (char === '[') throw new NotFinite();
    this.position += 1;
    return char;
  }
}
