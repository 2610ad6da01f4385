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

/** At most this many labels under a chart: six fit a phone's width in every language. */
const MAX_LABELS = 6;

/**
 * Every how many points the horizontal axis shows a label (0: each one). A fixed step,
 * not the library's default, which measures every label in the page (a forced layout
 * each) to see which ones fit.
 */
const labelStep = (points: number) => Math.max(0, Math.ceil(points / MAX_LABELS) - 1);

/** A bar per point: spending per day, week or month, and the weekly trends. */
export function BarsDrawing({ data, color, valueLabel, yAxisWidth = 48 }: SeriesProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} interval={labelStep(data.length)} />
        <YAxis tick={AXIS_TICK} width={yAxisWidth} allowDecimals={false} interval={0} />
        <Tooltip formatter={(_v, _n, item) => [item.payload.shown, t(valueLabel)]} />
        <Bar dataKey="value" fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A filled line: where the balance heads. */
export function AreaDrawing({ data, color, valueLabel, yAxisWidth = 48 }: SeriesProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={[...data]} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} interval={labelStep(data.length)} />
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
