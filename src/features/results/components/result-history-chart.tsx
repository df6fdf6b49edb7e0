/**
 * One test's results over time for a patient (issue 32), drawn by uPlot (light, canvas) in
 * the theme's colours: the values as a line with points, the reference range's bounds as
 * dashed lines, and the range between them shaded; redrawn when the width or the colour mode
 * changes. The canvas says nothing to a screen reader, so the same figures are a visually
 * hidden table.
 */
import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TestHistory } from '../model/result-history.ts';
import { formatTime } from '../model/result-texts.ts';

function colours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const muted = element.querySelector<HTMLElement>('[data-chart-muted]');
  const range = element.querySelector<HTMLElement>('[data-chart-range]');
  return {
    line: style.color,
    grid: style.borderColor,
    axis: muted ? getComputedStyle(muted).color : style.color,
    range: range ? getComputedStyle(range).color : style.color,
  };
}

export function ResultHistoryChart({ history, height = 180 }: { history: TestHistory; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const label = `${history.name}${history.units ? ` (${history.units})` : ''}`;
  const rangeText = history.low !== null || history.high !== null ? `reference range ${history.low ?? ''}–${history.high ?? ''}` : 'no reference range';

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let plot: uPlot | null = null;
    const xs = history.points.map((point) => Date.parse(point.at) / 1000);
    const ys = history.points.map((point) => point.value);
    const bound = (value: number | null) => xs.map(() => value);
    const draw = () => {
      plot?.destroy();
      const c = colours(element);
      const axis = { stroke: c.axis, grid: { stroke: c.grid, width: 1 }, ticks: { stroke: c.grid, width: 1 }, font: '11px system-ui, sans-serif' };
      const all = [...ys, history.low, history.high].filter((v): v is number => v !== null);
      const [min, max] = [Math.min(...all), Math.max(...all)];
      const pad = Math.max(1, (max - min) * 0.15);
      plot = new uPlot(
        {
          width: Math.max(200, element.clientWidth),
          height,
          legend: { show: false },
          cursor: { points: { size: 6 } },
          scales: { x: { time: true, range: (_u, lo, hi) => (lo === hi ? [lo - 86_400 * 7, hi + 86_400 * 7] : [lo, hi]) }, y: { range: () => [min - pad, max + pad] } },
          axes: [axis, { ...axis, size: 48 }],
          series: [
            {},
            { label: 'Low', stroke: c.range, width: 1, dash: [4, 4], points: { show: false } },
            { label: 'High', stroke: c.range, width: 1, dash: [4, 4], points: { show: false } },
            { label, stroke: c.line, width: 2, points: { show: true, size: 6 } },
          ],
          bands: history.low !== null && history.high !== null ? [{ series: [2, 1], fill: `color-mix(in srgb, ${c.range} 14%, transparent)` }] : [],
        },
        [xs, bound(history.low), bound(history.high), ys],
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [history, height, label]);

  return (
    <Box>
      <Text fontSize="sm" fontWeight="medium">
        {label} <Text as="span" color="fg.muted" fontWeight="normal">· {rangeText}</Text>
      </Text>
      <Box ref={container} color="brand.solid" borderColor="border" role="img" aria-label={`${label}, ${rangeText}`} data-testid="result-history-chart" minH={`${height}px`}>
        <Box as="span" data-chart-muted color="fg.muted" display="none" />
        <Box as="span" data-chart-range color="green.solid" display="none" />
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{`${label}, ${rangeText}`}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Value</th>
              <th scope="col">Flags</th>
            </tr>
          </thead>
          <tbody>
            {history.points.map((point) => (
              <tr key={point.at}>
                <td>{formatTime(point.at)}</td>
                <td>{point.value}</td>
                <td>{point.flags.join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
