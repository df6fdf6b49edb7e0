/**
 * A uPlot chart in the theme's colours, shared by the app's charts (the dashboard's orders
 * per day, a test's results over time): the element's own colour is the line, its border
 * colour the grid, and marked children (`data-chart-<name>`) lend theirs under that name;
 * the plot is drawn again when the colour mode changes (a class on <html>) and resized with
 * its element. `build` turns the colours into the plot's options and data.
 */
import { useEffect, useRef, type RefObject } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartColours {
  line: string;
  grid: string;
  /** The colours of the element's `data-chart-<name>` children, by name. */
  marks: Record<string, string>;
}

export function chartAxis(colours: ChartColours, stroke: string): uPlot.Axis {
  return { stroke, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 }, font: '11px system-ui, sans-serif' };
}

function readColours(element: HTMLElement): ChartColours {
  const style = getComputedStyle(element);
  const marks: Record<string, string> = {};
  for (const child of element.querySelectorAll<HTMLElement>('[data-chart-mark]')) marks[child.dataset.chartMark ?? ''] = getComputedStyle(child).color;
  return { line: style.color, grid: style.borderColor, marks };
}

export function useThemedPlot(height: number, build: (colours: ChartColours) => { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData }): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let plot: uPlot | null = null;
    const width = () => Math.max(200, element.clientWidth);
    const draw = () => {
      plot?.destroy();
      const { options, data } = build(readColours(element));
      plot = new uPlot({ ...options, width: width(), height }, data, element);
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: width(), height }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [build, height]);
  return container;
}
