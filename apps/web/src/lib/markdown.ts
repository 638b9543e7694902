import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true, async: false });

/**
 * Markup that runs nothing but could still disguise the page or capture input: style sheets and inline
 * styles (overlays, hidden text), forms and their controls, embedded frames and objects.
 */
const FORBIDDEN_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'meta',
  'link',
];
const FORBIDDEN_ATTRIBUTES = ['style', 'srcset', 'formaction', 'action'];

/**
 * Markdown to HTML that is safe to inject: everything goes through DOMPurify (HTML only, no SVG or MathML),
 * which drops scripts, event handlers and `javascript:`-style addresses; the tags above go too.
 */
export function renderMarkdown(source: string, inline = false): string {
  const html = inline ? marked.parseInline(source, { async: false }) : marked.parse(source, { async: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  });
}
