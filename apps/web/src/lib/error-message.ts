function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The message shown for a failure, from the first available of: the error itself when it is a string,
 * its title, the response data's title, its message, its cause, and finally `unknownText`.
 */
export function errorMessageOf(error: unknown, unknownText: string): string {
  const cause = field(error, 'cause');
  return (
    text(error) ??
    text(field(error, 'title')) ??
    text(field(field(error, 'data'), 'title')) ??
    text(field(field(field(error, 'response'), 'data'), 'title')) ??
    text(field(error, 'message')) ??
    text(cause) ??
    text(field(cause, 'message')) ??
    unknownText
  );
}
