import type { ScoreboardItem } from '@flagpole/contract';
import { useComputedColorScheme } from '@mantine/core';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { indexOfTeam } from '../lib/scoreboard-table';
import { MARK_COLOR_VARIABLES, type MarkColors } from '../lib/solve-marks';

const SEARCH_DEBOUNCE_MS = 150;
const FLASH_MS = 2_000;

/** The search box's text and, a moment after the last keystroke, the text the board is filtered by. */
export function useSearch(): { query: string; applied: string; setQuery: (text: string) => void; clear: () => void } {
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (query === applied) return;
    const timer = setTimeout(() => setApplied(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, applied]);
  const clear = useCallback(() => {
    setQuery('');
    setApplied('');
  }, []);
  return { query, applied, setQuery, clear };
}

/**
 * How many pooled row elements the board keys its rows by (see `rowSlot`): the most rows its window has held so
 * far. It only grows (a taller box, a larger overscan), so a window always fits and keys never collide.
 */
export function usePoolSize(rowsInWindow: number): number {
  const [size, setSize] = useState(rowsInWindow);
  if (rowsInWindow > size) setSize(rowsInWindow);
  return Math.max(size, rowsInWindow);
}

/** The height of the sticky head, which the rows scroll under: the virtual list starts below it. */
export function useHeadHeight(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const head = ref.current;
    if (!head) return;
    const update = () => setHeight(head.offsetHeight);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(head);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

/**
 * "Show my team": once `target` (a team id) is among `rows` (the caller clears a search that hides it first),
 * scrolls its row to the middle of the box, calls `onShown` (the caller clears `target`), marks the row for a
 * moment (the returned flash id) and focuses its button.
 */
export function useShowTeam(
  rows: readonly ScoreboardItem[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollerRef: React.RefObject<HTMLDivElement | null>,
  target: number | null,
  onShown: () => void,
): number | null {
  const [flashId, setFlashId] = useState<number | null>(null);
  const focusId = useRef<number | null>(null);
  useEffect(() => {
    if (target === null) return;
    const index = indexOfTeam(rows, target);
    if (index === null) return;
    onShown();
    scrollerRef.current?.scrollIntoView({ block: 'nearest' });
    virtualizer.scrollToIndex(index, { align: 'center' });
    setFlashId(target);
    focusId.current = target;
  }, [target, rows, virtualizer, scrollerRef, onShown]);
  // The row is in the page only once the list has followed the scroll, a render or two later.
  useEffect(() => {
    if (focusId.current === null) return;
    const button = scrollerRef.current?.querySelector<HTMLElement>(`[data-team-id="${focusId.current}"] button`);
    if (!button) return;
    focusId.current = null;
    button.focus({ preventScroll: true });
  });
  useEffect(() => {
    if (flashId === null) return;
    const timer = setTimeout(() => setFlashId(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashId]);
  return flashId;
}

/**
 * The colours of the solve marks the rows draw on their canvases, read once from the board's CSS variables (and
 * again when the colour scheme changes) rather than by every row: a row asking for a computed style each time it
 * draws would make the browser work out the page's styles in the middle of a scroll.
 */
export function useMarkColors(box: React.RefObject<HTMLElement | null>): MarkColors | null {
  const scheme = useComputedColorScheme('light');
  const [colors, setColors] = useState<MarkColors | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the variables' values change with the colour scheme
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const probe = document.createElement('span');
    probe.hidden = true;
    element.append(probe);
    const colorOf = (variable: string) => {
      probe.style.color = `var(${variable})`;
      return getComputedStyle(probe).color;
    };
    const read = Object.fromEntries(
      Object.entries(MARK_COLOR_VARIABLES).map(([type, variable]) => [type, colorOf(variable)]),
    ) as MarkColors;
    probe.remove();
    setColors(read);
  }, [box, scheme]);
  return colors;
}
