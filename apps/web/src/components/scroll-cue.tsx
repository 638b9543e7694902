import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './scroll-cue.module.css';

/** The selected item of a row, whatever marks it (tabs, links, pills). */
const SELECTED = '[data-active], [aria-selected="true"], [aria-current="page"]';

/**
 * A row that scrolls sideways when it does not fit (category filters, section tabs on a phone), and shows it: the
 * edge that hides more items fades out and carries an arrow that scrolls it into view. The selected item is
 * scrolled into view at first, so the current tab is never the hidden one.
 */
export function ScrollCue({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const start = element.scrollLeft > 2;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 2;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const selected = element.querySelector<HTMLElement>(SELECTED);
    if (selected && selected.offsetLeft + selected.offsetWidth > element.clientWidth) {
      element.scrollLeft = selected.offsetLeft - element.clientWidth / 3;
    }
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <div className={classes.wrap} data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
      <div ref={scroller} className={classes.scroller}>
        {children}
      </div>
      {edges.start && (
        <div className={`${classes.slot} ${classes.start}`}>
          <ActionIcon
            className={classes.arrow}
            variant="default"
            radius="xl"
            size="md"
            onClick={() => scrollBy(-1)}
            aria-label={t('scroll.back')}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
        </div>
      )}
      {edges.end && (
        <div className={`${classes.slot} ${classes.end}`}>
          <ActionIcon
            className={classes.arrow}
            variant="default"
            radius="xl"
            size="md"
            onClick={() => scrollBy(1)}
            aria-label={t('scroll.more')}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </div>
      )}
    </div>
  );
}
