import { Box, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A Mantine colour variable's value (uPlot draws on a canvas, which cannot read CSS variables). */
export function cssColor(variable: string): string {
  if (typeof document === 'undefined') return '#888';
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || '#888';
}

/** Axis styles readable in the current scheme (dark by default), sized for a projector as well as a phone. */
export function themedAxes(dark: boolean, yLabel?: (value: number) => string): uPlot.Axis[] {
  const stroke = dark ? cssColor('--mantine-color-dark-1') : cssColor('--mantine-color-gray-7');
  const grid = { stroke: dark ? cssColor('--mantine-color-dark-4') : cssColor('--mantine-color-gray-3'), width: 1 };
  const font = '12px system-ui, sans-serif';
  return [
    { stroke, grid, ticks: grid, font },
    { stroke, grid, ticks: grid, font, size: 48, ...(yLabel ? { values: (_u, ticks) => ticks.map(yLabel) } : {}) },
  ];
}

interface UplotChartProps {
  /** Made again (and the chart with it) when the colour scheme changes. */
  options: (dark: boolean) => Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Gets the chart once made (e.g. to focus a series from an outside legend). */
  onReady?: (chart: uPlot | null) => void;
}

/** A uPlot chart as wide as its box; new data is drawn into the same chart, a new size resizes it. */
export function UplotChart({ options, data, height, label, onReady }: UplotChartProps) {
  const { ref, width } = useElementSize();
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const dark = useComputedColorScheme('dark') === 'dark';
  const dataRef = useRef(data);
  dataRef.current = data;
  const hasWidth = width > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per scheme and option set; size and data follow below
  useEffect(() => {
    if (!holder.current || !hasWidth) return;
    const made = new uPlot({ ...options(dark), width, height }, dataRef.current, holder.current);
    chart.current = made;
    onReady?.(made);
    return () => {
      made.destroy();
      chart.current = null;
      onReady?.(null);
    };
  }, [options, dark, hasWidth]);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

  useEffect(() => {
    if (width > 0) chart.current?.setSize({ width, height });
  }, [width, height]);

  return (
    <Box ref={ref} w="100%" role="img" aria-label={label}>
      <div ref={holder} />
    </Box>
  );
}
