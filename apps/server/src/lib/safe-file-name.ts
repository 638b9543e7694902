/**
 * A piece of a file name built from user-chosen text (team names, game titles): letters and digits of
 * any script, `-` and `_`; every other run of characters becomes one `_`. Nothing a file system, a
 * zip reader or a shell reads specially (`/`, `\`, `..`, control characters) survives.
 */
export function safeFileNamePart(value: string, fallback: string, maxLength = 48): string {
  const cleaned = value
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
  return [...cleaned].slice(0, maxLength).join('') || fallback;
}

/** A compact UTC time for file names: `20300101T120000Z`. */
export function fileNameTimestamp(time: Date): string {
  return time
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** `Content-Disposition` for a download named by the server (RFC 6266 with an RFC 8187 UTF-8 name). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The name a local attachment downloads under: the one the organiser set for the challenge (`fileName`), else
 * the name its file was uploaded under, else a neutral one (files attached before names were kept).
 */
export function downloadName(challengeFileName: string | null, uploadedName: string | null | undefined): string {
  return challengeFileName ?? uploadedName ?? 'attachment';
}
