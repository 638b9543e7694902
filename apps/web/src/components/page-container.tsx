import { Container, type ContainerProps } from '@mantine/core';

/**
 * The one content width of the application (docs/monitor-writeups-posts-web.md, "Layout"): the header, the footer
 * and every page share it, so their edges line up at any window width. Reading pages (a post, the About page)
 * keep a narrower text column inside it.
 */
export const CONTENT_WIDTH = 1320;

export function PageContainer({ children, ...props }: ContainerProps) {
  return (
    <Container size={CONTENT_WIDTH} py="xl" px={{ base: 'sm', sm: 'lg' }} {...props}>
      {children}
    </Container>
  );
}
