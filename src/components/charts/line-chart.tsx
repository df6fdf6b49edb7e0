/**
 * A small line chart over days (issue 27's orders per day; results' histories can use it
 * too), drawn by uPlot (a light canvas chart library) in the theme's colours: the line in
 * the brand colour, axes and grid in the muted text and border colours, read from the page
 * so light and dark both read well, and redrawn when the theme or the width changes. The
 * canvas says nothing to a screen reader, so the same figures are a visually hidden table.
 */
import { Box, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface LinePoint {
  /** A calendar day, YYYY-MM-DD. */
  day: string;
  value: number;
}

interface LineChartProps {
  points: readonly LinePoint[];
  /** What the chart shows, for the canvas's label and the hidden table's caption. */
  label: string;
  valueLabel: string;
  height?: number;
  testId?: string;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function seconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const muted = element.querySelector<HTMLElement>('[data-chart-muted]');
  return { line: style.color, grid: style.borderColor, axis: muted ? getComputedStyle(muted).color : style.color };
}

export function LineChart({ points, label, valueLabel, height = 160, testId }: LineChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const colours = themeColours(element);
      const axis = { stroke: colours.axis, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 }, font: '11px system-ui, sans-serif' };
      plot = new uPlot(
        {
          width: Math.max(200, element.clientWidth),
          height,
          legend: { show: false },
          cursor: { show: true, points: { size: 6 } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] } },
          axes: [
            { ...axis, values: (_u, ticks) => ticks.map((tick) => dayFormat.format(new Date(tick * 1000))) },
            { ...axis, size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
          ],
          series: [{}, { label: valueLabel, stroke: colours.line, width: 2, fill: `color-mix(in srgb, ${colours.line} 12%, transparent)`, points: { show: points.length <= 31, size: 4 } }],
        },
        [points.map((point) => seconds(point.day)), points.map((point) => point.value)],
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    // The colour mode is a class on <html>: redraw in the new theme's colours.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [points, height, valueLabel]);

  return (
    <Box>
      <Box ref={container} color="brand.solid" borderColor="border" role="img" aria-label={label} data-testid={testId} minH={`${height}px`}>
        <Box as="span" data-chart-muted color="fg.muted" display="none" />
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{dayFormat.format(new Date(seconds(point.day) * 1000))}</td>
                <td>{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
