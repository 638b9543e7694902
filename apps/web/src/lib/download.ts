import { toApiError } from './http';
import { currentLanguage } from './i18n';

/**
 * The file name a `Content-Disposition` header offers: the RFC 5987 `filename*` form wins over the plain
 * `filename`. Path separators are dropped so a name can never point outside the download folder.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  let name: string | undefined;
  if (extended) {
    const value = extended.replace(/^"(.*)"$/, '$1');
    const encoded = value.includes("''") ? value.slice(value.indexOf("''") + 2) : value;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = (plain?.[2] ?? plain?.[1])?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : undefined;
}

/**
 * Fetches a file with the session cookie (a POST when an export is made on request) and hands it to the browser
 * as a download. A failure arrives as the server's `{title, status}` (ApiError), so callers can show it like any
 * other error.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<string> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: { 'Accept-Language': currentLanguage(), ...init.headers },
  });
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken its copy once the click is handled; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
