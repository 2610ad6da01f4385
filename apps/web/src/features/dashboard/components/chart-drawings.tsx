import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { AXIS_TICK } from './chart-frame';

/**
 * The dashboard's chart drawings: the only dashboard code that needs the chart library.
 * They load apart, after the cards, their figures and their text alternatives are shown
 * (see lazy-drawings.ts); each fills the sized box its card reserved for it. None is
 * animated: a growing bar redraws the chart on every frame for a second and a half, the
 * costliest work of the page on a phone, and shows nothing the figures do not.
 */

/** One point of a bar or area chart: its axis label, a number to draw, the figure shown. */
export interface SeriesPoint {
  label: string;
  value: number;
  shown: string;
}

interface SeriesProps {
  data: readonly SeriesPoint[];
  /** A colour of CHART_COLORS. */
  color: string | undefined;
  /** The translation key of the tooltip's label for the value. */
  valueLabel: string;
  yAxisWidth?: number;
}

/** At most this many labels under a chart, however wide it is. */
const MAX_LABELS = 6;
/** A label's width at the axis's 12 px when it cannot be measured: a generous 7 px a character. */
const estimate = (label: string) => label.length * 7;
/** Space kept between two labels. */
const GAP_PX = 12;

let context: CanvasRenderingContext2D | null | undefined;
/** A label's width in the axis's font, measured on a canvas (no layout of the page). */
function measured(label: string): number {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
      if (context)
        context.font = `${AXIS_TICK.fontSize}px ${getComputedStyle(document.body).fontFamily}`;
    } catch {
      context = null;
    }
  }
  return context ? context.measureText(label).width : estimate(label);
}

/**
 * Every how many points the horizontal axis shows a label (0: each one), so that the
 * labels fit the drawing's width side by side in any language: as many as the widest
 * label allows, at most six. A step computed here, not the library's default, which
 * measures every label in the page (a forced layout each) to see which ones fit.
 */
export function labelStep(
  labels: readonly string[],
  width: number,
  widthOf: (label: string) => number = estimate,
): number {
  const widest = Math.max(1, ...labels.map(widthOf));
  const fit = Math.floor((width + GAP_PX) / (widest + GAP_PX));
  const shown = Math.max(2, Math.min(MAX_LABELS, fit));
  return Math.max(0, Math.ceil(labels.length / shown) - 1);
}

/** The width of the drawing's box, followed as it changes (0 until known). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    setWidth(box.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** Where the horizontal axis's labels go: the plot is the box less the vertical axis. */
function useLabelStep(data: readonly SeriesPoint[], yAxisWidth: number) {
  const { ref, width } = useWidth();
  const plot = Math.max(0, width - yAxisWidth - 10);
  return {
    ref,
    interval: labelStep(
      data.map((d) => d.label),
      plot || 300,
      measured,
    ),
  };
}

/** A bar per point: spending per day, week or month, and the weekly trends. */
export function BarsDrawing({ data, color, valueLabel, yAxisWidth = 48 }: SeriesProps) {
  const { t } = useTranslation();
  const { ref, interval } = useLabelStep(data, yAxisWidth);
  return (
    <div ref={ref} className="size-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} interval={interval} />
          <YAxis tick={AXIS_TICK} width={yAxisWidth} allowDecimals={false} interval={0} />
          <Tooltip formatter={(_v, _n, item) => [item.payload.shown, t(valueLabel)]} />
          <Bar dataKey="value" fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A filled line: where the balance heads. */
export function AreaDrawing({ data, color, valueLabel, yAxisWidth = 48 }: SeriesProps) {
  const { t } = useTranslation();
  const { ref, interval } = useLabelStep(data, yAxisWidth);
  return (
    <div ref={ref} className="size-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={[...data]} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} interval={interval} />
          <YAxis tick={AXIS_TICK} width={yAxisWidth} allowDecimals={false} interval={0} />
          <Tooltip formatter={(_v, _n, item) => [item.payload.shown, t(valueLabel)]} />
          <Area
            type="monotone"
            dataKey="value"
            stroke={color}
            fill={color}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One slice of the breakdown's ring. */
export interface Slice {
  name: string;
  value: number;
  shown: string;
  color: string | undefined;
}

/** A ring of slices: spending per service. */
export function RingDrawing({ data }: { data: readonly Slice[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie
          data={[...data]}
          dataKey="value"
          nameKey="name"
          innerRadius="50%"
          outerRadius="85%"
          rootTabIndex={-1}
          isAnimationActive={false}
        >
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Pie>
        <Tooltip formatter={(_v, name, item) => [item.payload.shown, name]} />
      </PieChart>
    </ResponsiveContainer>
  );
}
