import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** Markdown to HTML that is safe to inject: everything goes through DOMPurify. */
export function renderMarkdown(source: string, inline = false): string {
  const html = inline ? marked.parseInline(source, { async: false }) : marked.parse(source, { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
