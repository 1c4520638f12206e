import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { valueTicks } from './dashboardRules.js';

export interface BarSeries {
  label: string;
  color: string;
  data: number[];
}

interface SvgBarChartProps {
  /** What the chart shows, read by screen readers before the focused bar. */
  label: string;
  categories: string[];
  series: BarSeries[];
  height: number;
  /** Horizontal bars with the categories down the left side (their labels get `bandWidth` px). */
  horizontal?: boolean;
  bandWidth?: number;
  hideLegend?: boolean;
  locale?: string;
  onItemClick?: (index: number) => void;
}

const FONT_SIZE = 12;
const VALUE_AXIS = 40;
const CATEGORY_AXIS = 24;

/**
 * A stacked bar chart drawn in SVG: the dashboard's two charts need bands, stacks, axes, a legend
 * and a tooltip, which a general chart library carries beside much else (zoom, gestures, scales of
 * every kind). The chart takes the keyboard focus: arrows move between bars, Enter opens one, and
 * the focused bar's figures are announced.
 */
export function SvgBarChart({
  label,
  categories,
  series,
  height,
  horizontal = false,
  bandWidth = 140,
  hideLegend = false,
  locale,
  onItemClick,
}: SvgBarChartProps) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [active, setActive] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(160, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const numbers = new Intl.NumberFormat(locale);
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
  const ticks = valueTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1] ?? 1;
  const left = horizontal ? bandWidth : VALUE_AXIS;
  const plotWidth = width - left - 8;
  const plotHeight = height - CATEGORY_AXIS - 8;
  const bandLength = (horizontal ? plotHeight : plotWidth) / Math.max(1, categories.length);
  const barThickness = bandLength * 0.8;
  const valueLength = horizontal ? plotWidth : plotHeight;
  const scale = (v: number) => (v / top) * valueLength;
  // Category labels on the horizontal axis are thinned so they never overlap.
  const labelEvery = horizontal ? 1 : Math.max(1, Math.ceil(56 / bandLength));
  const text = theme.palette.text.secondary;
  const line = theme.palette.divider;

  const describe = (i: number) =>
    `${categories[i] ?? ''}: ${series.map((s) => (series.length > 1 ? `${s.label} ${numbers.format(s.data[i] ?? 0)}` : numbers.format(s.data[i] ?? 0))).join(', ')}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const last = categories.length - 1;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive((a) => Math.min(last, Math.max(0, a === null ? (move > 0 ? 0 : last) : a + move)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : last);
    } else if (event.key === 'Enter' && active !== null && onItemClick) {
      event.preventDefault();
      onItemClick(active);
    }
  };

  const bars = categories.flatMap((_, i) => {
    let offset = 0;
    return series.map((s) => {
      const value = s.data[i] ?? 0;
      const start = offset;
      offset += value;
      if (value <= 0) return null;
      const band = i * bandLength + (bandLength - barThickness) / 2;
      const rect = horizontal
        ? { x: left + scale(start), y: 8 + band, width: scale(value), height: barThickness }
        : { x: left + band, y: 8 + plotHeight - scale(start + value), width: barThickness, height: scale(value) };
      return <rect key={`${s.label}-${String(i)}`} {...rect} fill={s.color} opacity={active === null || active === i ? 1 : 0.6} />;
    });
  });

  const tooltipAt = active === null ? null : active * bandLength + bandLength / 2;
  return (
    <Box>
      {!hideLegend && (
        <Box
          component="ul"
          aria-hidden
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2, listStyle: 'none', m: 0, mb: 1, p: 0 }}
        >
          {series.map((s) => (
            <Box component="li" key={s.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color }} />
              <Typography variant="caption">{s.label}</Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box
        ref={box}
        role="group"
        aria-label={label}
        aria-roledescription="chart"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
        sx={{
          position: 'relative',
          outline: 'none',
          borderRadius: 1,
          '&:focus-visible': { boxShadow: `0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        <svg
          width={width}
          height={height}
          aria-hidden
          style={{ display: 'block', fontFamily: theme.typography.fontFamily, fontSize: FONT_SIZE }}
        >
          {ticks.map((t) => {
            const at = scale(t);
            return horizontal ? (
              <g key={t}>
                <line x1={left + at} x2={left + at} y1={8} y2={8 + plotHeight} stroke={line} />
                <text x={left + at} y={8 + plotHeight + 16} fill={text} textAnchor="middle">
                  {numbers.format(t)}
                </text>
              </g>
            ) : (
              <g key={t}>
                <line x1={left} x2={left + plotWidth} y1={8 + plotHeight - at} y2={8 + plotHeight - at} stroke={line} />
                <text x={left - 6} y={8 + plotHeight - at} fill={text} textAnchor="end" dominantBaseline="middle">
                  {numbers.format(t)}
                </text>
              </g>
            );
          })}
          {categories.map((c, i) => {
            if (i % labelEvery !== 0) return null;
            const at = i * bandLength + bandLength / 2;
            return horizontal ? (
              <text key={i} x={left - 6} y={8 + at} fill={text} textAnchor="end" dominantBaseline="middle">
                {c.length > bandWidth / 7 ? `${c.slice(0, Math.floor(bandWidth / 7) - 1)}…` : c}
              </text>
            ) : (
              <text key={i} x={left + at} y={8 + plotHeight + 16} fill={text} textAnchor="middle">
                {c}
              </text>
            );
          })}
          {bars}
          {categories.map((_, i) => {
            // One transparent target per band: hovering anywhere on it shows that band's figures.
            const band = i * bandLength;
            const area = horizontal
              ? { x: left, y: 8 + band, width: plotWidth, height: bandLength }
              : { x: left + band, y: 8, width: bandLength, height: plotHeight };
            return (
              <rect
                key={`hit-${String(i)}`}
                {...area}
                fill="transparent"
                style={{ cursor: onItemClick ? 'pointer' : undefined }}
                onMouseEnter={() => setActive(i)}
                onClick={onItemClick ? () => onItemClick(i) : undefined}
              />
            );
          })}
        </svg>
        {active !== null && tooltipAt !== null && (
          <Paper
            elevation={4}
            sx={{
              position: 'absolute',
              pointerEvents: 'none',
              px: 1.5,
              py: 1,
              ...(horizontal
                ? { left: Math.min(left + 16, width - 180), top: 8 + tooltipAt + bandLength / 2 }
                : { left: Math.min(Math.max(0, left + tooltipAt - 80), width - 180), top: 8 }),
            }}
          >
            <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
              {categories[active]}
            </Typography>
            {series.map((s) => (
              <Box key={s.label} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: s.color }} />
                <Typography variant="caption" sx={{ flex: 1 }}>
                  {s.label}
                </Typography>
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {numbers.format(s.data[active] ?? 0)}
                </Typography>
              </Box>
            ))}
          </Paper>
        )}
        <Box
          role="status"
          sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
        >
          {active === null ? '' : describe(active)}
        </Box>
      </Box>
    </Box>
  );
}
