/**
 * Code 128 bars for a text (a requisition number), encoded by bwip-js (the well-kept port of
 * Barcode Writer in Pure PostScript) and handed back as bars in module units, so the PDF
 * documents draw them as vector rectangles: sharp on any printer, no image to rasterize, and
 * no canvas (it runs offline, in a worker or in Node alike).
 */
import { code128, type DrawingContext } from 'bwip-js/generic';

export interface Bar {
  /** Left edge, in modules from the first bar. */
  x: number;
  /** Width in modules (1 to 4). */
  width: number;
}

export interface LinearBarcode {
  bars: Bar[];
  /** Total width in modules, first bar to the end of the last. */
  modules: number;
}

// bwip-js draws a linear barcode as vertical lines centred on x, lw wide; at scale 2 every
// centre and width is a whole number, so nothing is rounded away.
const SCALE = 2;

function barCollector(bars: Bar[]): DrawingContext<void> {
  return {
    scale: () => [SCALE, SCALE],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: () => undefined,
    line: (x0, _y0, x1, _y1, lw) => {
      if (x0 !== x1) return;
      bars.push({ x: (x0 - lw / 2) / SCALE, width: lw / SCALE });
    },
    polygon: () => undefined,
    hexagon: () => undefined,
    ellipse: () => undefined,
    fill: () => undefined,
    text: () => undefined,
    end: () => undefined,
  };
}

/** The Code 128 symbol of `text` (printable ASCII), with its check character, start and stop. */
export function code128Bars(text: string): LinearBarcode {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new Error('A Code 128 barcode here holds printable ASCII only.');
  const bars: Bar[] = [];
  code128({ bcid: 'code128', text, scale: SCALE, height: 10, includetext: false }, barCollector(bars));
  bars.sort((a, b) => a.x - b.x);
  const first = bars[0]?.x ?? 0;
  const shifted = bars.map((bar) => ({ x: bar.x - first, width: bar.width }));
  const last = shifted[shifted.length - 1];
  return { bars: shifted, modules: last ? last.x + last.width : 0 };
}
