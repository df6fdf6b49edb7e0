/**
 * One test's results over time for a patient (issue 32), drawn by uPlot in the theme's
 * colours (use-themed-plot.ts): the values as a line with points, the reference range's
 * bounds as dashed lines, and the range between them shaded. The canvas says nothing to a screen reader, so the same figures are a visually
 * hidden table.
 */
import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import { chartAxis, useThemedPlot, type ChartColours } from '../../../components/charts/use-themed-plot.ts';
import type { TestHistory } from '../model/result-history.ts';
import { formatTime } from '../model/result-texts.ts';

export function ResultHistoryChart({ history, height = 180 }: { history: TestHistory; height?: number }) {
  const label = `${history.name}${history.units ? ` (${history.units})` : ''}`;
  const rangeText = history.low !== null || history.high !== null ? `reference range ${history.low ?? ''}–${history.high ?? ''}` : 'no reference range';

  const build = useCallback(
    (c: ChartColours) => {
      const xs = history.points.map((point) => Date.parse(point.at) / 1000);
      const ys = history.points.map((point) => point.value);
      const bound = (value: number | null) => xs.map(() => value);
      const range = c.marks.range ?? c.line;
      const axis = chartAxis(c, c.marks.muted ?? c.line);
      const all = [...ys, history.low, history.high].filter((v): v is number => v !== null);
      const [min, max] = [Math.min(...all), Math.max(...all)];
      const pad = Math.max(1, (max - min) * 0.15);
      return {
        options: {
          legend: { show: false },
          cursor: { points: { size: 6 } },
          scales: {
            x: { time: true, range: (_u: uPlot, lo: number, hi: number): uPlot.Range.MinMax => (lo === hi ? [lo - 86_400 * 7, hi + 86_400 * 7] : [lo, hi]) },
            y: { range: (): uPlot.Range.MinMax => [min - pad, max + pad] },
          },
          axes: [axis, { ...axis, size: 48 }],
          series: [
            {},
            { label: 'Low', stroke: range, width: 1, dash: [4, 4], points: { show: false } },
            { label: 'High', stroke: range, width: 1, dash: [4, 4], points: { show: false } },
            { label, stroke: c.line, width: 2, points: { show: true, size: 6 } },
          ],
          bands: history.low !== null && history.high !== null ? [{ series: [2, 1] as [number, number], fill: `color-mix(in srgb, ${range} 14%, transparent)` }] : [],
        },
        data: [xs, bound(history.low), bound(history.high), ys] as uPlot.AlignedData,
      };
    },
    [history, label],
  );
  const container = useThemedPlot(height, build);

  return (
    <Box>
      <Text fontSize="sm" fontWeight="medium">
        {label} <Text as="span" color="fg.muted" fontWeight="normal">· {rangeText}</Text>
      </Text>
      <Box ref={container} color="brand.solid" borderColor="border" role="img" aria-label={`${label}, ${rangeText}`} data-testid="result-history-chart" minH={`${height}px`}>
        <Box as="span" data-chart-mark="muted" color="fg.muted" display="none" />
        <Box as="span" data-chart-mark="range" color="green.solid" display="none" />
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
