import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { getJson } from '../lib/post';
import { renderWidget } from '../lib/render';
import type { StatsChartProps } from '../../src/shared/widget-props';

interface DailyStat {
  date: string;
  views: number;
  clicks: number;
}

const HEIGHT = 220;
const MARGIN = { top: 18, right: 8, bottom: 26, left: 8 };
/** About how wide a day label ('30 Eki') is at the chart's 12px font. */
const LABEL_WIDTH = 40;

const messages = {
  loading: 'Yükleniyor...',
  failed: 'İstatistikler yüklenirken hata oluştu',
  retry: 'Tekrar dene',
  caption: (days: number, views: string, clicks: string) =>
    `Son ${days} gün: toplam ${views} görüntülenme, ${clicks} tıklama`,
  bar: (date: string, views: string, clicks: string) => `${date}: ${views} görüntülenme, ${clicks} tıklama`,
  bars: 'Günlük görüntülenme ve tıklamalar',
  views: 'Görüntülenme',
  clicks: 'Tıklama',
} as const;

const longDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const count = new Intl.NumberFormat('tr-TR');

/** 'YYYY-MM-DD' is a calendar day, not an instant: read and format it in UTC. */
function dayOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function rowsOf(body: unknown): DailyStat[] {
  const rows = (body as { dailyStats?: unknown } | null)?.dailyStats;
  if (!Array.isArray(rows)) throw new Error('no dailyStats');
  const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  return rows
    .filter(
      (row): row is DailyStat =>
        typeof row === 'object' && row !== null && /^\d{4}-\d{2}-\d{2}$/.test(String(row.date)) && isCount(row.views),
    )
    .map((row) => ({ date: row.date, views: row.views, clicks: isCount(row.clicks) ? row.clicks : 0 }));
}

/** A round top for the y axis and a whole-number step, about four gridlines. */
function scaleOf(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  return { top: Math.ceil(max / step) * step, step };
}

/**
 * Daily views (bars) and link clicks (a line) over the page's range as an SVG chart; no chart
 * library. The range is the page's own (`?days=` links), so the chart, the tables and the CSV
 * always speak of the same days.
 */
export function StatsChart({ endpoint, days }: StatsChartProps) {
  const id = useId();
  const [attempt, setAttempt] = useState(0);
  const [rows, setRows] = useState<DailyStat[] | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const url = new URL(endpoint, location.href);
    url.searchParams.set('days', String(days));
    setState('loading');
    getJson<unknown>(url.href, { signal: controller.signal })
      .then((body) => {
        setRows(rowsOf(body));
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [endpoint, days, attempt]);

  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => setWidth(Math.floor(node.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const views = rows?.reduce((sum, row) => sum + row.views, 0) ?? 0;
  const clicks = rows?.reduce((sum, row) => sum + row.clicks, 0) ?? 0;

  return (
    <div className="stats-chart">
      <ul className="stats-chart__legend" aria-hidden="true">
        <li>
          <span className="stats-chart__swatch stats-chart__swatch--views" />
          {messages.views}
        </li>
        <li>
          <span className="stats-chart__swatch stats-chart__swatch--clicks" />
          {messages.clicks}
        </li>
      </ul>

      {state === 'loading' ? (
        <p className="stats-chart__loading" role="status">
          {messages.loading}
        </p>
      ) : null}
      {state === 'error' ? (
        <div className="stats-chart__error" role="alert">
          <p>{messages.failed}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {messages.retry}
          </button>
        </div>
      ) : null}

      <div
        ref={box}
        className="stats-chart__box"
        hidden={state === 'error' || rows === null}
        aria-busy={state === 'loading'}
      >
        {rows && width > 0 ? (
          <figure className="stats-chart__figure" aria-labelledby={`${id}-caption`}>
            <figcaption id={`${id}-caption`} className="stats-chart__caption">
              {messages.caption(rows.length, count.format(views), count.format(clicks))}
            </figcaption>
            <Chart rows={rows} width={width} />
          </figure>
        ) : null}
      </div>
    </div>
  );
}

function Chart({ rows, width }: { rows: DailyStat[]; width: number }) {
  const max = rows.reduce((m, row) => Math.max(m, row.views, row.clicks), 0);
  const { top, step } = scaleOf(max);
  const left = MARGIN.left + count.format(top).length * 7 + 6;
  const plotWidth = Math.max(1, width - left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(1, rows.length);
  const barWidth = Math.max(1, Math.min(48, slot * (rows.length > 31 ? 0.8 : 0.65)));
  const y = (v: number) => MARGIN.top + plotHeight - (v / top) * plotHeight;
  // Label every k-th day so the labels never overlap; the newest day always has one.
  const every = Math.max(1, Math.ceil((LABEL_WIDTH + 12) / slot));
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);

  return (
    // role="none": an <svg> would be an image, whose children (the bars) screen readers skip.
    <svg className="stats-chart__svg" role="none" width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`}>
      <g aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              className={tick === 0 ? 'stats-chart__axis' : 'stats-chart__grid'}
              x1={left}
              x2={width - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text className="stats-chart__label" x={left - 6} y={y(tick)} dy="0.35em" textAnchor="end">
              {count.format(tick)}
            </text>
          </g>
        ))}
        {rows.map((row, i) => {
          if ((rows.length - 1 - i) % every !== 0) return null;
          const x = left + slot * (i + 0.5);
          // The newest day's label ends at the edge rather than running past it.
          const atEdge = x + LABEL_WIDTH / 2 > width;
          return (
            <text
              key={row.date}
              className="stats-chart__label"
              x={atEdge ? width : x}
              y={HEIGHT - 8}
              textAnchor={atEdge ? 'end' : 'middle'}
            >
              {shortDate.format(dayOf(row.date))}
            </text>
          );
        })}
      </g>
      <g role="list" aria-label={messages.bars}>
        {rows.map((row, i) => {
          const x = left + slot * i;
          const barTop = y(row.views);
          return (
            <g key={row.date} role="listitem" className="stats-chart__item">
              <title>
                {messages.bar(longDate.format(dayOf(row.date)), count.format(row.views), count.format(row.clicks))}
              </title>
              <rect className="stats-chart__hit" x={x} y={MARGIN.top} width={slot} height={plotHeight} />
              <rect
                className="stats-chart__bar"
                x={x + (slot - barWidth) / 2}
                y={barTop}
                width={barWidth}
                height={MARGIN.top + plotHeight - barTop}
                rx={Math.min(4, barWidth / 4)}
              />
              {rows.length <= 7 ? (
                <text
                  className="stats-chart__value"
                  x={x + slot / 2}
                  y={barTop - 5}
                  textAnchor="middle"
                  aria-hidden="true"
                >
                  {count.format(row.views)}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      {/* Clicks: a line over the bars, a dot a day while there is room; the list above already says each number. */}
      <g aria-hidden="true">
        <polyline
          className="stats-chart__line"
          points={rows.map((row, i) => `${left + slot * (i + 0.5)},${y(row.clicks)}`).join(' ')}
        />
        {rows.length <= 14
          ? rows.map((row, i) => (
              <circle
                key={row.date}
                className="stats-chart__dot"
                cx={left + slot * (i + 0.5)}
                cy={y(row.clicks)}
                r={rows.length <= 7 ? 4 : 3}
              />
            ))
          : null}
      </g>
    </svg>
  );
}

export function mount(el: HTMLElement, props: StatsChartProps): void {
  renderWidget(el, StatsChart, props);
}
