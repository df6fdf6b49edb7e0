/**
 * A small line chart over days (issue 27's orders per day), drawn by uPlot in the theme's
 * colours (use-themed-plot.ts): the line in the brand colour, axes and grid in the muted
 * text and border colours. The canvas says nothing to a screen reader, so the same figures
 * are a visually hidden table.
 */
import { Box, VisuallyHidden } from '@chakra-ui/react';
import { useCallback } from 'react';
import type uPlot from 'uplot';
import { formatChartDay } from '../../lib/format/date.ts';
import { chartAxis, useThemedPlot, type ChartColours } from './use-themed-plot.ts';

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


function seconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function LineChart({ points, label, valueLabel, height = 160, testId }: LineChartProps) {
  const build = useCallback(
    (colours: ChartColours) => {
      const axis = chartAxis(colours, colours.marks.muted ?? colours.line);
      return {
        options: {
          legend: { show: false },
          cursor: { show: true, points: { size: 6 } },
          scales: { x: { time: true }, y: { range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(1, Math.ceil(max * 1.15))] } },
          axes: [
            { ...axis, values: (_u: uPlot, ticks: number[]) => ticks.map((tick) => formatChartDay(tick)) },
            { ...axis, size: 36, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
          ],
          series: [{}, { label: valueLabel, stroke: colours.line, width: 2, fill: `color-mix(in srgb, ${colours.line} 12%, transparent)`, points: { show: points.length <= 31, size: 4 } }],
        },
        data: [points.map((point) => seconds(point.day)), points.map((point) => point.value)] as uPlot.AlignedData,
      };
    },
    [points, valueLabel],
  );
  const container = useThemedPlot(height, build);

  return (
    <Box>
      <Box ref={container} color="brand.solid" borderColor="border" role="img" aria-label={label} data-testid={testId} minH={`${height}px`}>
        <Box as="span" data-chart-mark="muted" color="fg.muted" display="none" />
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
                <td>{formatChartDay(seconds(point.day))}</td>
                <td>{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
