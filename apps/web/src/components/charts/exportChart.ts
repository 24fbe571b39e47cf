import type { EChartsType } from 'echarts/core';
import { csvFile, type CsvCell } from '@tarifa/contract';
import { saveBlob } from '@/lib/download';

/** The figures behind a chart, as rows under a header: what its CSV export holds. */
export interface ChartTable {
  header: string[];
  rows: CsvCell[][];
}

/**
 * Saves `table` as `<fileName>.csv`: UTF-8 with a byte-order mark, text a spreadsheet would run as
 * a formula prefixed with `'` (the contract's `csvFile`, as the API's exports).
 */
export function downloadCsv(fileName: string, table: ChartTable) {
  const blob = new Blob([csvFile(table.header, table.rows)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, `${fileName}.csv`);
}

/** How much sharper than on screen the saved image is. */
const pixelRatio = 2;

/**
 * Saves the chart as `<fileName>.png` on `background` (the card's colour, so it reads in both
 * themes): the SVG the chart is drawn with, painted on a canvas at twice the size. The SVG is
 * taken from the page as the browser holds it (`renderToSVGString` writes the theme's quoted
 * font names into attributes unescaped, which no browser decodes).
 */
export async function downloadPng(chart: EChartsType, fileName: string, background: string) {
  const width = chart.getWidth();
  const height = chart.getHeight();
  const svg = chart.getDom().querySelector('svg');
  if (!svg) throw new Error('The chart is not drawn as SVG');
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * pixelRatio;
  canvas.height = height * pixelRatio;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.scale(pixelRatio, pixelRatio);
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The canvas gave no image');
  saveBlob(blob, `${fileName}.png`);
}
