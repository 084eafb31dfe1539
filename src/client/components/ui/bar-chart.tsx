import { clsx } from 'clsx';

export type BarPoint = {
  key: string;
  /** Under the bar (only the first, middle and last are written) and in its tooltip. */
  label: string;
  value: number;
};

/**
 * Plain SVG bars, no chart library (docs/decisions/0054-dashboard-figures.md): a caption with the total,
 * one bar per point scaled to the largest, each with a tooltip, and the first, middle and last labels
 * under them. Screen readers get `summary` as the picture's name; a table beside it holds the figures.
 */
export function BarChart({
  points,
  caption,
  summary,
  format,
  colour = '#059669',
  className,
}: {
  points: readonly BarPoint[];
  caption: string;
  /** The picture's accessible name, e.g. 'Net sales per day, 2026-01-01 to 2026-01-31'. */
  summary: string;
  format: (n: number) => string;
  colour?: string;
  className?: string;
}) {
  const values = points.map((p) => Math.max(0, p.value));
  const max = Math.max(1, ...values);
  const width = 300;
  const height = 100;
  const slot = width / Math.max(1, points.length);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const labelled = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  return (
    <figure className={clsx('grid gap-2', className)}>
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{caption}</span>
        <span className="text-slate-600">Total {format(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 14}`} className="h-40 w-full" role="img" aria-label={summary}>
        <line x1="0" x2={width} y1={height} y2={height} stroke="#cbd5e1" strokeWidth="0.5" />
        {points.map((p, i) => {
          const h = (values[i]! / max) * (height - 4);
          return (
            <rect
              key={p.key}
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={h}
              fill={colour}
              rx="0.8"
              data-testid="chart-bar"
            >
              <title>{`${p.label}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
        {labelled.map((i) =>
          points[i] ? (
            <text
              key={i}
              x={i * slot + slot / 2}
              y={height + 11}
              fontSize="8"
              textAnchor={
                points.length === 1
                  ? 'middle'
                  : i === 0
                    ? 'start'
                    : i === points.length - 1
                      ? 'end'
                      : 'middle'
              }
              fill="#64748b"
            >
              {points[i]!.label}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
