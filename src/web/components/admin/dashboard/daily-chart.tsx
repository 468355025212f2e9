// One series per day as bars, drawn as plain SVG on the server (no chart library: docs/architecture.md
// "admin charts"). The SVG stretches to its box; the axis labels are HTML beside it, so they stay
// readable at any width. Every bar has a tooltip; the figures are also in a table (DailyTable).
import { niceScale } from "../../../../domain/admin/dashboard.ts";
import { formatChartDay } from "../../../../domain/admin/dates.ts";

type Props = {
  id: string;
  title: string;
  description: string;
  days: { day: string; value: number }[];
  format: (value: number) => string;
  /** The smallest step between axis labels that `format` shows apart. */
  minStep: number;
  /** Tailwind fill class of the bars. */
  barClass: string;
  heightClass?: string;
};

const WIDTH = 300;
const HEIGHT = 100;

export function DailyChart({ id, title, description, days, format, minStep, barClass, heightClass = "h-36" }: Props) {
  const { top, ticks } = niceScale(Math.max(0, ...days.map((d) => d.value)), { minStep });
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = slot * 0.7;
  const first = days[0]?.day;
  const middle = days[Math.floor(days.length / 2)]?.day;
  const last = days[days.length - 1]?.day;
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-medium text-gray-800">{title}</figcaption>
      <div className="mt-2 grid grid-cols-[auto_1fr] gap-2">
        <div className={`flex ${heightClass} flex-col-reverse justify-between text-right text-[11px] tabular-nums leading-none text-gray-600`} aria-hidden>
          {ticks.map((tick) => (
            <span key={tick}>{format(tick)}</span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={`${heightClass} w-full overflow-visible`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {ticks.map((tick) => {
            const y = HEIGHT - (tick / top) * HEIGHT;
            return <line key={tick} x1={0} x2={WIDTH} y1={y} y2={y} className="stroke-gray-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />;
          })}
          {days.map((entry, index) => {
            const height = (entry.value / top) * HEIGHT;
            return (
              <rect
                key={entry.day}
                data-day={entry.day}
                x={index * slot + (slot - barWidth) / 2}
                y={HEIGHT - height}
                width={barWidth}
                height={height}
                className={barClass}
              >
                <title>{`${formatChartDay(entry.day)}: ${format(entry.value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="ml-auto mt-1 flex justify-between pl-12 text-[11px] text-gray-600" aria-hidden>
        <span>{first ? formatChartDay(first) : ""}</span>
        <span>{middle ? formatChartDay(middle) : ""}</span>
        <span>{last ? formatChartDay(last) : ""}</span>
      </div>
    </figure>
  );
}
