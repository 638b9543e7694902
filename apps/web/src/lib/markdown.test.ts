// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

/** Parses rendered HTML into a detached tree, as the page would hold it. */
function render(source: string, inline = false): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderMarkdown(source, inline);
  return holder;
}

function eventHandlerAttributes(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].filter((attribute) => attribute.name.toLowerCase().startsWith('on')).map((a) => a.name),
  );
}

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const root = render(
      '# Title\n\n**bold** and [a link](https://example.org) and `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.org');
    expect(root.querySelector('code')?.textContent).toBe('code');
    expect(root.querySelectorAll('td')).toHaveLength(2);
  });

  it('drops script elements', () => {
    const root = render(
      'before\n\n<script>window.hacked = 1</script>\n\nafter <script src="https://evil.example/x.js"></script>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toContain('hacked');
  });

  it('drops event handler attributes', () => {
    const root = render(
      '<img src=x onerror="window.hacked=1"> <a href="#" onclick="window.hacked=1">x</a> <div onmouseover="alert(1)">y</div>\n\n<details open ontoggle=alert(1)>z</details>',
    );
    expect(eventHandlerAttributes(root)).toEqual([]);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('x');
  });

  it('drops script addresses from links and images', () => {
    const root = render(
      '[x](javascript:window.hacked=1) [y](JaVaScRiPt:alert(1)) [z](vbscript:msgbox) [w](data:text/html,<script>alert(1)</script>) ![i](javascript:alert(1))\n\n<a href="  javascript:alert(1)">q</a>',
    );
    for (const element of root.querySelectorAll('[href], [src]')) {
      const address = (element.getAttribute('href') ?? element.getAttribute('src') ?? '').replace(/\s/g, '');
      expect(address).not.toMatch(/^(javascript|vbscript|data:text\/html)/i);
    }
  });

  it('drops frames, objects, forms, style sheets and inline styles', () => {
    const root = render(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x"><form action="https://evil.example"><input name="password"><button>go</button></form><style>body{display:none}</style><p style="position:fixed;inset:0">cover</p><svg><script>alert(1)</script></svg><math><mi>x</mi></math>',
    );
    for (const tag of ['iframe', 'object', 'embed', 'form', 'input', 'button', 'style', 'svg', 'math', 'script']) {
      expect(root.querySelector(tag), tag).toBeNull();
    }
    expect(root.querySelector('[style]')).toBeNull();
  });

  it('keeps inline rendering free of the same markup', () => {
    const root = render('hi <img src=x onerror=alert(1)> [x](javascript:alert(1))', true);
    expect(eventHandlerAttributes(root)).toEqual([]);
    expect(root.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });
});
