import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@shared/spin/money';
import { columns, COLUMN_CHART, rows } from './bar-geometry';
import BarChart from './BarChart.svelte';
import DayCharts from './DayCharts.svelte';
import type { DayFigures } from '../store-report';

const bars = [
  { label: 'Visa', value: 3000 },
  { label: 'Mastercard', value: 1500 },
  { label: 'Returns', value: -500 },
];

function rects(): SVGRectElement[] {
  return [...document.querySelectorAll<SVGRectElement>('rect.bar')];
}

const num = (el: Element, name: string) => Number(el.getAttribute(name));

describe('BarChart', () => {
  it('draws one bar per value, as long as its value, a negative one the other way from zero', () => {
    render(BarChart, { title: 'Sales by card type', bars, shape: 'rows', format: formatMoney });
    const [visa, master, back] = rects();
    expect(rects()).toHaveLength(3);
    expect(num(visa!, 'width')).toBeCloseTo(2 * num(master!, 'width'));
    expect(num(back!, 'width')).toBeCloseTo(num(master!, 'width') / 3);
    expect(back!.classList.contains('negative')).toBe(true);
    // Positive bars start at the zero line, the negative one ends there.
    expect(num(visa!, 'x')).toBeCloseTo(num(back!, 'x') + num(back!, 'width'));
    expect(visa!.querySelector('title')?.textContent).toBe('Visa: $30.00');
  });

  it('is one named picture for a screen reader, with the figures as a table beside it', () => {
    render(BarChart, { title: 'Sales by hour', bars, shape: 'columns', format: formatMoney });
    const picture = screen.getByRole('img', { name: 'Sales by hour' });
    expect(picture.tagName.toLowerCase()).toBe('svg');
    const cells = screen.getAllByRole('row').map((row) => row.textContent);
    expect(cells).toEqual(['Visa$30.00', 'Mastercard$15.00', 'Returns-$5.00']);
  });

  it('puts nothing in a style attribute (the CSP is the reason: geometry is SVG attributes)', () => {
    render(BarChart, { title: 'Sales by hour', bars, shape: 'columns', format: formatMoney });
    expect(document.querySelector('figure [style]')).toBeNull();
  });

  it('labels every n-th column only, so 24 hours stay legible', () => {
    const hours = Array.from({ length: 12 }, (_, hour) => ({ label: String(hour), value: hour * 100 }));
    render(BarChart, { title: 'Sales by hour', bars: hours, shape: 'columns', format: formatMoney, labelEvery: 3 });
    expect([...document.querySelectorAll('text.label')].map((text) => text.textContent)).toEqual(['0', '3', '6', '9']);
  });
});

describe('bar geometry', () => {
  it('keeps every column inside the chart and the zero line between the highest and the lowest', () => {
    const layout = columns(bars);
    for (const bar of layout.bars) {
      expect(bar.y).toBeGreaterThanOrEqual(0);
      expect(bar.y + bar.height).toBeLessThanOrEqual(COLUMN_CHART.height - COLUMN_CHART.labelBand + 0.001);
      expect(bar.x + bar.width).toBeLessThanOrEqual(layout.width);
    }
    expect(layout.bars[0]!.y + layout.bars[0]!.height).toBeCloseTo(layout.zero);
    expect(layout.bars[2]!.y).toBeCloseTo(layout.zero);
  });

  it('puts a labelled amount scale beside the columns: round steps from zero, the top one above the tallest bar', () => {
    const layout = columns([
      { label: '09', value: 4250 },
      { label: '10', value: -700 },
      { label: '11', value: 1000 },
    ]);
    const values = layout.ticks.map((tick) => tick.value);
    expect(values).toContain(0);
    expect(Math.max(...values)).toBeGreaterThanOrEqual(4250);
    expect(Math.min(...values)).toBeLessThanOrEqual(-700);
    const steps = values.slice(1).map((value, i) => value - values[i]!);
    expect(new Set(steps).size).toBe(1);
    expect(steps[0]! % 100).toBe(0);
    // A tick sits where a bar of its value would end.
    expect(layout.ticks.find((tick) => tick.value === 0)!.y).toBeCloseTo(layout.zero);
    for (const bar of layout.bars) expect(bar.x).toBeGreaterThanOrEqual(COLUMN_CHART.scaleBand);
  });

  it('draws an all-zero day flat, without dividing by zero', () => {
    const layout = rows([{ label: 'Visa', value: 0 }]);
    expect(layout.bars[0]!.width).toBe(0);
    expect(Number.isFinite(layout.zero)).toBe(true);
  });
});

describe('DayCharts', () => {
  const figures: DayFigures = {
    count: 3,
    salesCents: 9000,
    returnsCents: -1000,
    netCents: 8000,
    voidedCents: 0,
    payments: 3,
    baseCents: 8000,
    tipsCents: 0,
    feesCents: 0,
    feeTaxCents: 0,
    totalCents: 8000,
    byCardType: new Map([
      ['Visa', 2000],
      ['Amex', 6000],
    ]),
    byHour: Array.from({ length: 24 }, (_, hour) => (hour === 6 ? 8000 : 0)),
  };

  it('draws the day by hour (from the earliest sale, 06) and by card type, biggest first', () => {
    render(DayCharts, { figures, name: 'Lane 2' });
    expect(screen.getByRole('img', { name: 'Lane 2: sales by hour' })).toBeTruthy();
    const byCard = screen.getByRole('img', { name: 'Lane 2: sales by card type' });
    expect([...byCard.querySelectorAll('rect title')].map((title) => title.textContent)).toEqual(['Amex: $60.00', 'Visa: $20.00']);
    const hours = screen.getByRole('img', { name: 'Lane 2: sales by hour' }).querySelectorAll('rect');
    expect(hours).toHaveLength(13);
    expect(hours[0]!.querySelector('title')?.textContent).toBe('06: $80.00');
  });

  it('names the table figure its charts add up to, and draws the hour chart with a dollar scale', () => {
    render(DayCharts, { figures, name: 'Lane 2' });
    expect(screen.getByText("Adds up to $80.00, the Total of this PC's settled payments in the table.")).toBeTruthy();
    const scale = [...screen.getByRole('img', { name: 'Lane 2: sales by hour' }).querySelectorAll('text.tick')].map((t) => t.textContent);
    expect(scale[0]).toBe('$0');
    expect(scale.at(-1)).toMatch(/^\$\d+$/);
    expect(Number(scale.at(-1)!.slice(1))).toBeGreaterThanOrEqual(80);
  });

  it('says so when this PC took no card payments, rather than drawing an empty chart', () => {
    render(DayCharts, { figures: { ...figures, byCardType: new Map() }, name: 'Lane 3' });
    expect(screen.getByText('Lane 3: no card payments recorded by this PC.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Lane 3: sales by card type' })).toBeNull();
  });
});
