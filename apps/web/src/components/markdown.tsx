import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from '@/lib/markdown';
import classes from './markdown.module.css';

interface MarkdownProps {
  source: string;
  inline?: boolean;
  className?: string;
}

export function Markdown({ source, inline = false, className }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source, inline), [source, inline]);
  return (
    <Typography className={[classes.markdown, className].filter(Boolean).join(' ')}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify in renderMarkdown. */}
      <div data-markdown="" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
