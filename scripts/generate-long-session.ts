// Generates sessions-fixtures/long-session.json: a long, believable recorded session for
// benchmarks and for checking how profiles behave on big inputs.
//
// The story: an analyst at an online retailer spends about two hours in "Metricly", a BI
// dashboard app. She opens dashboards, changes date ranges and segments, drills into charts,
// writes queries in the explorer (some of them fail), exports reports, shares a dashboard and
// sets up alerts. Slow widgets time out now and then, which makes her rage-click "Refresh".
// Every one of the 13 built-in event types occurs, and custom events too.
//
// Deterministic: a seeded PRNG (mulberry32) and a fixed start date, never Math.random or the
// clock, so the same arguments always give the same bytes.
//
//   npx tsx scripts/generate-long-session.ts [--events N] [--seed S] [--personal-data] [--output FILE]
//
// defaults: 6000 events, seed 1, sessions-fixtures/long-session.json. Benchmarks can import
// `generateLongSession` instead of reading the file.

import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FixtureEvent, SessionFixture } from '../src/session/session-schema.js';

export interface LongSessionOptions {
  /** Number of events to produce (exactly). */
  readonly events: number;
  /** PRNG seed; the same seed gives the same session. */
  readonly seed: number;
  /** ISO 8601 time of the first event; defaults to 2026-03-02T13:05:00.000Z. */
  readonly start?: string;
  /**
   * Adds personal data for privacy rules to redact (customer emails and phone numbers, a card
   * number, an IBAN, IP addresses, API keys and tokens), in about 3% of the events; off by
   * default, which keeps the default output as it was.
   */
  readonly personalData?: boolean;
}

export const DEFAULT_EVENTS = 6000;
export const DEFAULT_SEED = 1;
export const DEFAULT_START = '2026-03-02T13:05:00.000Z';

const APP = 'https://app.metricly.example';
const API = 'https://api.metricly.example';
const WORKSPACE = 'brightline';
// Scales every human pause; tuned so that the default 6,000 events span about two hours.
const TEMPO = 0.35;

/** mulberry32: a tiny 32-bit PRNG, good enough for test data and fully deterministic. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Dashboard {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly widgets: readonly string[];
}

const DASHBOARDS: readonly Dashboard[] = [
  {
    id: 'db_rev01',
    slug: 'revenue-overview',
    title: 'Revenue overview',
    widgets: ['Net revenue', 'Gross margin', 'Orders', 'Average order value', 'Revenue by channel', 'Revenue by region', 'Top 10 products', 'Refund rate'],
  },
  {
    id: 'db_fun02',
    slug: 'acquisition-funnel',
    title: 'Acquisition funnel',
    widgets: ['Sessions', 'Sign-ups', 'Activation rate', 'Funnel: visit → purchase', 'CAC by channel', 'Paid vs organic'],
  },
  {
    id: 'db_ret03',
    slug: 'retention-cohorts',
    title: 'Retention cohorts',
    widgets: ['Weekly cohort retention', 'D30 retention', 'Churned accounts', 'Reactivations', 'Retention by plan'],
  },
  {
    id: 'db_ops04',
    slug: 'fulfilment-ops',
    title: 'Fulfilment & ops',
    widgets: ['Orders shipped', 'On-time delivery', 'Backorders', 'Warehouse utilisation', 'Returns by reason'],
  },
  {
    id: 'db_mkt05',
    slug: 'marketing-campaigns',
    title: 'Marketing campaigns',
    widgets: ['Spend', 'ROAS', 'Campaign leaderboard', 'Email open rate', 'Attribution (last touch)'],
  },
];

const FILTERS = {
  date_range: ['Last 7 days', 'Last 30 days', 'Last quarter', 'Year to date', 'Same period last year'],
  region: ['All regions', 'EMEA', 'North America', 'APAC', 'LATAM'],
  channel: ['All channels', 'Paid search', 'Organic', 'Email', 'Affiliates', 'Marketplaces'],
} as const;
type FilterField = keyof typeof FILTERS;
const FILTER_FIELDS = Object.keys(FILTERS) as FilterField[];

const METRICS = ['net_revenue', 'orders', 'aov', 'refund_rate', 'sessions', 'signups', 'cac'] as const;

const GOOD_QUERIES = [
  "SELECT region, SUM(net_revenue) AS revenue FROM orders WHERE order_date >= '2026-01-01' GROUP BY region ORDER BY revenue DESC",
  "SELECT channel, COUNT(*) AS orders, AVG(order_total) AS aov FROM orders WHERE order_date >= CURRENT_DATE - 30 GROUP BY channel",
  "SELECT DATE_TRUNC('week', signup_date) AS week, COUNT(*) FROM customers GROUP BY 1 ORDER BY 1",
  "SELECT sku, SUM(quantity) AS units FROM order_lines JOIN orders USING (order_id) WHERE status = 'returned' GROUP BY sku ORDER BY units DESC LIMIT 20",
  "SELECT campaign, SUM(spend) AS spend, SUM(attributed_revenue) / NULLIF(SUM(spend), 0) AS roas FROM campaign_daily GROUP BY campaign",
  "SELECT warehouse, AVG(ship_hours) FROM shipments WHERE shipped_at >= CURRENT_DATE - 7 GROUP BY warehouse",
] as const;

const BAD_QUERIES = [
  { sql: 'SELECT region_code, SUM(net_revenue) FROM orders GROUP BY region_code', error: 'QueryError: column "region_code" does not exist' },
  { sql: "SELECT channel, SUM(spend) FROM campaign_daly WHERE day >= '2026-02-01' GROUP BY channel", error: 'QueryError: relation "campaign_daly" does not exist' },
  { sql: 'SELECT sku, SUM(quantity FROM order_lines GROUP BY sku', error: 'QueryError: syntax error at or near "FROM" (line 1, column 25)' },
  { sql: 'SELECT customer_id, net_revenue / orders AS aov FROM customer_ltv', error: 'QueryError: division by zero' },
] as const;

const SNIPPETS = [
  "WHERE order_date BETWEEN '2026-02-01' AND '2026-02-28'",
  "AND channel <> 'Marketplaces'",
  'GROUP BY 1, 2 ORDER BY 3 DESC',
  "LEFT JOIN refunds r ON r.order_id = o.order_id",
] as const;

const ANNOTATIONS = [
  'Spring promo email went out',
  'Checkout outage 14:00–14:40 (incident INC-2291)',
  'Price change on outerwear',
  'Marketplace feed paused',
  'New warehouse in Leipzig live',
] as const;

class Recorder {
  readonly events: FixtureEvent[] = [];
  time: number;
  page = '';
  private readonly random: () => number;

  constructor(start: number, random: () => number) {
    this.time = start;
    this.random = random;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.random();
  }

  int(min: number, max: number): number {
    return Math.floor(this.uniform(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** A human pause: mostly short, with a long tail (log-normal around `median` ms, scaled by TEMPO). */
  pause(median: number, spread = 0.6): number {
    const u1 = Math.max(this.random(), 1e-9);
    const u2 = this.random();
    const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.round(TEMPO * median * Math.exp(spread * normal));
  }

  /** Records `event` `afterMs` after the previous one; keys in the order people read them. */
  emit(afterMs: number, event: Omit<FixtureEvent, 'timestamp'>): void {
    this.time += Math.max(1, Math.round(afterMs));
    const { type, name, ...rest } = event;
    const timestamp = new Date(this.time).toISOString();
    this.events.push((name === undefined ? { type, timestamp, ...rest } : { type, name, timestamp, ...rest }) as FixtureEvent);
  }

  navigate(afterMs: number, path: string, title: string): void {
    this.page = `${APP}${path}`;
    this.emit(afterMs, { type: 'navigate', url: this.page, title: `${title} — Metricly` });
  }

  click(afterMs: number, selector: string, text: string): void {
    this.emit(afterMs, { type: 'click', target: { selector, text } });
  }

  seen(afterMs: number, selector: string, text: string): void {
    this.emit(afterMs, { type: 'element-seen', target: { selector, text } });
  }

  custom(afterMs: number, name: string, properties: Record<string, unknown>): void {
    this.emit(afterMs, { type: 'custom', name, properties });
  }
}

const widgetSelector = (dashboard: Dashboard, index: number): string =>
  `div.dashboard-grid div.widget[data-widget-id='w_${dashboard.id.slice(3)}_${index + 1}']`;

/** A short reading pause before the next action (think time). */
const think = (r: Recorder): number => r.pause(3500, 0.7);
/** A quick follow-up action. */
const quick = (r: Recorder): number => r.pause(2200, 0.45);
/** Something the app does right after a click (analytics call, render). */
const instant = (r: Recorder): number => r.int(3, 60);

interface State {
  dashboard: Dashboard;
  filters: Record<FilterField, string>;
  exports: number;
  queries: number;
}

function openDashboard(r: Recorder, s: State, dashboard: Dashboard, slow = false): void {
  r.click(think(r), `nav.sidebar a[href='/${WORKSPACE}/dashboards/${dashboard.slug}']`, dashboard.title);
  r.navigate(r.int(250, 900), `/${WORKSPACE}/dashboards/${dashboard.slug}`, dashboard.title);
  s.dashboard = dashboard;
  const visible = Math.min(dashboard.widgets.length, r.int(4, 6));
  for (let index = 0; index < visible; index++) {
    r.seen(r.int(120, 900), widgetSelector(dashboard, index), dashboard.widgets[index] as string);
  }
  if (slow) {
    const widget = r.int(0, visible - 1);
    r.emit(r.int(2500, 6000), { type: 'mouse-thrash', target: { selector: widgetSelector(dashboard, widget) } });
    r.emit(r.int(8000, 15000), {
      type: 'network-error',
      url: `${API}/v2/widgets/w_${dashboard.id.slice(3)}_${widget + 1}/data?range=${encodeURIComponent(s.filters.date_range)}`,
      method: 'GET',
      status: 504,
    });
    r.seen(r.int(20, 200), `${widgetSelector(dashboard, widget)} div.widget-error`, 'This widget took too long to load. Refresh');
    r.emit(r.pause(1800, 0.4), {
      type: 'rage-click',
      target: { selector: `${widgetSelector(dashboard, widget)} button.widget-refresh`, text: 'Refresh' },
      count: r.int(3, 7),
    });
  }
  r.custom(r.int(300, 1500), 'Dashboard Viewed', {
    dashboard_id: dashboard.id,
    dashboard: dashboard.title,
    widgets: dashboard.widgets.length,
    load_ms: slow ? r.int(9000, 16000) : r.int(600, 2400),
  });
  // Scrolling down reveals the rest of the grid.
  for (let index = visible; index < dashboard.widgets.length; index++) {
    r.seen(index === visible ? r.pause(6000, 0.6) : r.int(200, 1400), widgetSelector(dashboard, index), dashboard.widgets[index] as string);
  }
}

function applyFilter(r: Recorder, s: State): void {
  const field = r.pick(FILTER_FIELDS);
  const options = FILTERS[field].filter((option) => option !== s.filters[field]);
  const value = r.pick(options);
  const label = field === 'date_range' ? 'Date range' : field === 'region' ? 'Region' : 'Channel';
  r.click(think(r), `div.filter-bar button[data-filter='${field}']`, `${label}: ${s.filters[field]}`);
  if (r.chance(0.15)) {
    r.emit(quick(r), { type: 'input-change', target: { selector: `div.filter-popover[data-filter='${field}'] input.filter-search` }, value: value.slice(0, r.int(3, value.length)) });
  }
  r.click(quick(r), `div.filter-popover[data-filter='${field}'] li[role='option']`, value);
  s.filters[field] = value;
  r.custom(instant(r), 'Filter Applied', { dashboard_id: s.dashboard.id, field, value });
  if (r.chance(0.5)) {
    const index = r.int(0, s.dashboard.widgets.length - 1);
    r.seen(r.int(400, 1600), widgetSelector(s.dashboard, index), s.dashboard.widgets[index] as string);
  }
}

function drillDown(r: Recorder, s: State): void {
  const index = r.int(0, s.dashboard.widgets.length - 1);
  const widget = s.dashboard.widgets[index] as string;
  const selector = widgetSelector(s.dashboard, index);
  if (r.chance(0.35)) {
    // The legend looks clickable but is not.
    r.emit(think(r), { type: 'dead-click', target: { selector: `${selector} ul.chart-legend li`, text: r.pick(FILTERS.channel.slice(1)) } });
    if (r.chance(0.4)) r.emit(r.pause(700, 0.3), { type: 'dead-click', target: { selector: `${selector} ul.chart-legend li`, text: r.pick(FILTERS.channel.slice(1)) } });
  }
  const bar = r.pick(['Jan', 'Feb', 'Mar', 'Week 6', 'Week 7', 'Week 8', 'EMEA', 'APAC', 'Paid search', 'Email']);
  r.click(think(r), `${selector} svg g.series rect.bar`, bar);
  r.navigate(r.int(300, 900), `/${WORKSPACE}/dashboards/${s.dashboard.slug}/widgets/w_${s.dashboard.id.slice(3)}_${index + 1}?drill=${encodeURIComponent(bar)}`, `${widget} · ${bar}`);
  r.custom(instant(r), 'Chart Drilled Down', { dashboard_id: s.dashboard.id, widget, segment: bar });
  r.seen(r.int(300, 1200), 'table.drilldown-table', `${widget} by day — ${r.int(12, 90)} rows`);
  if (r.chance(0.5)) {
    r.click(r.pause(5000, 0.6), 'table.drilldown-table th[data-column]', r.pick(['Date', 'Revenue', 'Orders', 'Change vs prior']));
  }
  r.click(r.pause(9000, 0.7), 'nav.breadcrumbs a:nth-child(2)', s.dashboard.title);
  r.navigate(r.int(250, 800), `/${WORKSPACE}/dashboards/${s.dashboard.slug}`, s.dashboard.title);
}

function highlightAndCopy(r: Recorder, s: State): void {
  const index = r.int(0, s.dashboard.widgets.length - 1);
  const selector = `${widgetSelector(s.dashboard, index)} span.kpi-value`;
  const value = r.pick([`€${r.int(180, 990)},${r.int(100, 999)}`, `${r.int(1, 60)}.${r.int(0, 9)}%`, `${r.int(1200, 48000).toLocaleString('en-US')}`]);
  r.emit(think(r), { type: 'highlight', text: value, target: { selector } });
  r.emit(r.pause(900, 0.3), { type: 'copy', text: value, target: { selector } });
}

function runQuery(r: Recorder, s: State, forceError = false): void {
  const metric = r.pick(METRICS);
  if (!r.page.includes('/explore')) {
    r.click(think(r), `nav.sidebar a[href='/${WORKSPACE}/explore']`, 'Explore');
    r.navigate(r.int(250, 800), `/${WORKSPACE}/explore?metric=${metric}`, 'Explore');
    r.seen(r.int(200, 700), 'div.query-editor', 'SQL editor');
  }
  const bad = forceError || r.chance(0.18);
  const sql = bad ? r.pick(BAD_QUERIES).sql : r.pick(GOOD_QUERIES);
  if (forceError || r.chance(0.3)) {
    r.emit(r.pause(4000, 0.5), { type: 'paste', text: r.pick(SNIPPETS), target: { selector: 'div.query-editor textarea' } });
  }
  r.emit(r.pause(14000, 0.6), { type: 'input-change', target: { selector: 'div.query-editor textarea' }, value: sql });
  s.queries++;
  if (bad) {
    const error = BAD_QUERIES.find((query) => query.sql === sql)?.error ?? BAD_QUERIES[0].error;
    r.emit(r.pause(1500, 0.4), { type: 'error-click', target: { selector: 'button#run-query', text: 'Run ⌘↵' } });
    r.emit(r.int(150, 900), { type: 'network-error', url: `${API}/v2/query`, method: 'POST', status: 400 });
    r.emit(r.int(2, 30), { type: 'console-error', message: error });
    r.seen(r.int(20, 200), 'div.query-result div.alert-error', error);
    if (r.chance(0.4)) r.emit(r.pause(2500, 0.5), { type: 'highlight', text: error.replace('QueryError: ', ''), target: { selector: 'div.query-result div.alert-error' } });
    // She fixes it.
    r.emit(r.pause(12000, 0.6), { type: 'input-change', target: { selector: 'div.query-editor textarea' }, value: r.pick(GOOD_QUERIES) });
  }
  r.click(r.pause(1500, 0.4), 'button#run-query', 'Run ⌘↵');
  const rows = r.int(4, 480);
  r.custom(r.int(400, 4000), 'Query Run', { metric, rows, duration_ms: r.int(180, 3800), cached: r.chance(0.3) });
  r.seen(r.int(30, 200), 'div.query-result table', `${rows} rows`);
  if (r.chance(0.3)) r.click(r.pause(5000, 0.5), 'div.query-result button.view-toggle', r.pick(['Line chart', 'Bar chart', 'Table']));
}

function exportReport(r: Recorder, s: State): void {
  const format = r.pick(['csv', 'csv', 'xlsx', 'pdf']);
  r.click(think(r), 'div.dashboard-header button#export-menu', 'Export');
  r.click(quick(r), `div.export-menu li[data-format='${format}']`, `Download as ${format.toUpperCase()}`);
  if (r.chance(0.12)) {
    r.emit(r.int(20000, 31000), { type: 'network-error', url: `${API}/v2/dashboards/${s.dashboard.id}/export?format=${format}`, method: 'POST', status: 504 });
    r.emit(r.int(1, 25), { type: 'console-error', message: `ExportError: export job timed out after 30000 ms (dashboard ${s.dashboard.id})` });
    r.emit(r.pause(1200, 0.3), { type: 'rage-click', target: { selector: 'div.dashboard-header button#export-menu', text: 'Export' }, count: r.int(3, 6) });
    r.click(r.pause(4000, 0.4), `div.export-menu li[data-format='${format}']`, `Download as ${format.toUpperCase()}`);
  }
  s.exports++;
  r.custom(r.int(1500, 6000), 'Report Exported', { dashboard_id: s.dashboard.id, format, filters: { ...s.filters } });
}

function shareDashboard(r: Recorder, s: State): void {
  r.click(think(r), 'div.dashboard-header button#share', 'Share');
  r.seen(r.int(150, 500), 'div.share-dialog', `Share “${s.dashboard.title}”`);
  if (r.chance(0.5)) {
    r.emit(r.pause(3000, 0.5), { type: 'input-change', target: { selector: 'div.share-dialog input#share-invite' }, value: r.pick(['tom@brightline.example', 'finance-team', 'marta.s@brightline.example']) });
    r.click(quick(r), 'div.share-dialog button#send-invite', 'Send');
  } else {
    const link = `${APP}/${WORKSPACE}/dashboards/${s.dashboard.slug}?share=${r.int(100000, 999999).toString(36)}`;
    r.click(r.pause(2000, 0.4), 'div.share-dialog button#copy-link', 'Copy link');
    r.emit(r.int(5, 40), { type: 'copy', text: link, target: { selector: 'div.share-dialog input#share-link' } });
  }
  r.custom(instant(r), 'Dashboard Shared', { dashboard_id: s.dashboard.id, method: r.pick(['link', 'email']) });
  r.click(quick(r), 'div.share-dialog button.close', 'Close');
}

function annotate(r: Recorder, s: State): void {
  const index = r.int(0, s.dashboard.widgets.length - 1);
  r.click(think(r), `${widgetSelector(s.dashboard, index)} button.add-annotation`, 'Add annotation');
  const note = r.pick(ANNOTATIONS);
  r.emit(r.pause(7000, 0.5), { type: 'input-change', target: { selector: 'div.annotation-popover textarea' }, value: note });
  r.click(quick(r), 'div.annotation-popover button[type=submit]', 'Save');
  r.custom(instant(r), 'Annotation Added', { dashboard_id: s.dashboard.id, widget: s.dashboard.widgets[index], length: note.length });
}

function createAlert(r: Recorder, s: State): void {
  const metric = r.pick(METRICS);
  r.click(think(r), `nav.sidebar a[href='/${WORKSPACE}/alerts']`, 'Alerts');
  r.navigate(r.int(250, 800), `/${WORKSPACE}/alerts`, 'Alerts');
  r.click(r.pause(3000, 0.4), 'button#new-alert', 'New alert');
  r.emit(r.pause(3000, 0.5), { type: 'input-change', target: { selector: 'form.alert-form select#alert-metric' }, value: metric });
  const threshold = r.int(2, 25);
  r.emit(r.pause(3000, 0.5), { type: 'input-change', target: { selector: 'form.alert-form input#alert-threshold' }, value: String(threshold) });
  if (r.chance(0.3)) {
    // The threshold field wants a percentage without the % sign.
    r.emit(r.pause(1200, 0.3), { type: 'error-click', target: { selector: 'form.alert-form button[type=submit]', text: 'Create alert' } });
    r.emit(r.int(2, 20), { type: 'console-error', message: 'ValidationError: alert.channel is required' });
    r.click(r.pause(3000, 0.4), 'form.alert-form label[for=alert-channel-slack]', 'Slack #analytics');
  }
  r.click(r.pause(1500, 0.4), 'form.alert-form button[type=submit]', 'Create alert');
  r.custom(instant(r), 'Alert Created', { metric, condition: 'drops_by_percent', threshold, channel: 'slack' });
  r.click(think(r), `nav.sidebar a[href='/${WORKSPACE}/dashboards/${s.dashboard.slug}']`, s.dashboard.title);
  r.navigate(r.int(250, 800), `/${WORKSPACE}/dashboards/${s.dashboard.slug}`, s.dashboard.title);
}

function searchDashboards(r: Recorder, s: State): void {
  const target = r.pick(DASHBOARDS.filter((dashboard) => dashboard !== s.dashboard));
  r.click(think(r), 'header input#global-search', 'Search dashboards, metrics… ⌘K');
  r.emit(r.pause(2500, 0.4), { type: 'input-change', target: { selector: 'header input#global-search' }, value: target.title.split(' ')[0]?.toLowerCase() ?? '' });
  r.click(quick(r), 'div.command-palette li.result', target.title);
  r.navigate(r.int(250, 800), `/${WORKSPACE}/dashboards/${target.slug}`, target.title);
  s.dashboard = target;
  for (let index = 0; index < Math.min(4, target.widgets.length); index++) {
    r.seen(r.int(120, 900), widgetSelector(target, index), target.widgets[index] as string);
  }
}

function hoverAround(r: Recorder, s: State): void {
  // Skimming: scrolling up and down the grid, pausing on a few charts.
  const count = r.int(2, 5);
  for (let step = 0; step < count; step++) {
    const index = r.int(0, s.dashboard.widgets.length - 1);
    r.seen(r.pause(2200, 0.7), widgetSelector(s.dashboard, index), s.dashboard.widgets[index] as string);
  }
  if (r.chance(0.25)) r.emit(r.pause(2000, 0.5), { type: 'dead-click', target: { selector: 'div.dashboard-header h1', text: s.dashboard.title } });
}

function readingBreak(r: Recorder, s: State): void {
  // A long look at one chart (or a coffee): nothing is recorded for a while.
  r.time += r.pause(45000, 0.5);
  const index = r.int(0, s.dashboard.widgets.length - 1);
  r.seen(r.int(100, 800), widgetSelector(s.dashboard, index), s.dashboard.widgets[index] as string);
}

// ---------------------------------------------------------------------------------------------
// Personal data (with `personalData`): scenes drawn from a second PRNG, so that the main story
// draws the same numbers as without them.

const CUSTOMERS = ['Lena Vogel', 'Tomás Ortega', 'Aisha Khan', 'Marc Dubois', 'Yuki Tanaka', 'Priya Nair', 'Jonas Berg', 'Chloé Martin'] as const;
const MAIL_DOMAINS = ['mailbox.example', 'postfach.example', 'correo.example'] as const;
const TOKEN_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

interface Customer {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly ip: string;
}

function customer(d: Recorder): Customer {
  const name = d.pick(CUSTOMERS);
  const [first = '', last = ''] = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(' ');
  return {
    name,
    email: `${first}.${last}${d.chance(0.3) ? d.int(1, 99) : ''}@${d.pick(MAIL_DOMAINS)}`,
    phone: `+${d.pick(['49 30', '44 20', '33 6', '1 415'])} ${d.int(100, 999)} ${d.int(1000, 9999)}`,
    ip: `${d.pick(['81', '92', '178', '203'])}.${d.int(0, 255)}.${d.int(0, 255)}.${d.int(1, 254)}`,
  };
}

function token(d: Recorder, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += TOKEN_CHARACTERS[d.int(0, TOKEN_CHARACTERS.length - 1)];
  return text;
}

/** 16 digits starting with 4 or 5 that pass the Luhn check, grouped by 4. */
function cardNumber(d: Recorder): string {
  const digits = [d.pick([4, 5])];
  while (digits.length < 15) digits.push(d.int(0, 9));
  const sum = digits.reduce((total, digit, index) => total + (index % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit), 0);
  digits.push((10 - (sum % 10)) % 10);
  return digits.join('').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A German IBAN with valid check digits (ISO 13616), grouped by 4. */
function iban(d: Recorder): string {
  let bban = '';
  while (bban.length < 18) bban += String(d.int(0, 9));
  const remainder = [...`${bban}131400`].reduce((value, digit) => (value * 10 + Number(digit)) % 97, 0);
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`.replace(/(.{4})(?=.)/g, '$1 ');
}

function lookUpCustomer(r: Recorder, d: Recorder): void {
  const who = customer(d);
  r.emit(d.pause(3000, 0.5), { type: 'input-change', target: { selector: 'header input#global-search' }, value: who.email });
  r.seen(d.int(300, 900), 'div.command-palette li.customer', `${who.name} · ${who.email} · ${who.phone}`);
  r.seen(d.pause(2000, 0.4), 'table.customer-sessions tr', `Last login ${d.int(1, 28)} Feb from ${who.ip}`);
  r.emit(d.pause(1500, 0.4), { type: 'copy', text: who.email, target: { selector: 'div.customer-card span.email' } });
}

function updateBilling(r: Recorder, d: Recorder): void {
  r.navigate(d.int(250, 800), `/${WORKSPACE}/settings/billing`, 'Billing');
  const sepa = d.chance(0.3);
  const value = sepa ? iban(d) : cardNumber(d);
  r.emit(d.pause(9000, 0.5), { type: 'input-change', target: { selector: sepa ? 'form.billing input#iban' : 'form.billing input#card-number' }, value });
  r.click(d.pause(2000, 0.4), 'form.billing button[type=submit]', 'Save payment method');
  r.custom(d.int(3, 60), 'Payment Method Updated', { method: sepa ? 'sepa' : 'card', last4: value.slice(-4) });
}

function createApiKey(r: Recorder, d: Recorder): void {
  const key = `sk_live_${token(d, 24)}`;
  r.navigate(d.int(250, 800), `/${WORKSPACE}/settings/api`, 'API keys');
  r.click(d.pause(2500, 0.4), 'button#new-api-key', 'New API key');
  r.seen(d.int(200, 600), 'div.api-key-dialog code', key);
  r.emit(d.pause(1200, 0.3), { type: 'copy', text: key, target: { selector: 'div.api-key-dialog code' } });
}

function expiredSession(r: Recorder, d: Recorder): void {
  const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJ${token(d, 40)}.${token(d, 43)}`;
  r.emit(d.pause(2000, 0.5), { type: 'network-error', url: `${API}/v2/auth/refresh?session_token=${token(d, 32)}`, method: 'POST', status: 401 });
  r.emit(d.int(2, 30), { type: 'console-error', message: `AuthError: 401 Unauthorized (Authorization: Bearer ${jwt})` });
}

const PERSONAL_SCENES: readonly ((r: Recorder, d: Recorder) => void)[] = [lookUpCustomer, lookUpCustomer, updateBilling, createApiKey, expiredSession];
/** The chance of a personal-data scene after each scene of the story. */
const PERSONAL_SCENE_CHANCE = 0.07;

type Scene = (r: Recorder, s: State) => void;

const SCENES: readonly (readonly [Scene, number])[] = [
  [(r, s) => openDashboard(r, s, r.pick(DASHBOARDS), r.chance(0.1)), 10],
  [applyFilter, 22],
  [drillDown, 12],
  [highlightAndCopy, 6],
  [(r, s) => runQuery(r, s), 12],
  [exportReport, 5],
  [shareDashboard, 2],
  [annotate, 3],
  [createAlert, 2],
  [searchDashboards, 5],
  [hoverAround, 16],
  [readingBreak, 3],
];
const TOTAL_WEIGHT = SCENES.reduce((sum, [, weight]) => sum + weight, 0);

function pickScene(r: Recorder): Scene {
  let roll = r.uniform(0, TOTAL_WEIGHT);
  for (const [scene, weight] of SCENES) {
    roll -= weight;
    if (roll < 0) return scene;
  }
  return (SCENES[0] as readonly [Scene, number])[0];
}

/**
 * A long recorded session with exactly `events` events. The opening minutes are scripted so
 * that every one of the 13 built-in types and custom events appear within the first ~120 events;
 * after that the analyst's activities are drawn at random from the seeded PRNG.
 */
export function generateLongSession(options: LongSessionOptions): SessionFixture {
  const count = Math.max(0, Math.floor(options.events));
  const start = Date.parse(options.start ?? DEFAULT_START);
  if (Number.isNaN(start)) throw new Error(`start: not an ISO 8601 timestamp: ${options.start}`);
  const r = new Recorder(start, mulberry32(options.seed));
  const first = DASHBOARDS[0] as Dashboard;
  const s: State = {
    dashboard: first,
    filters: { date_range: 'Last 30 days', region: 'All regions', channel: 'All channels' },
    exports: 0,
    queries: 0,
  };

  // Scripted opening: sign-in lands on home, then the morning routine.
  r.time -= 1; // emit() adds at least 1 ms; the first event lands exactly on `start`.
  r.navigate(1, `/${WORKSPACE}/home`, 'Home');
  r.seen(r.int(300, 700), 'section.recent-dashboards', 'Recently viewed: Revenue overview, Acquisition funnel');
  r.seen(r.int(100, 400), 'div.announcement-banner', 'New: scheduled exports to Google Sheets');
  openDashboard(r, s, first);
  applyFilter(r, s);
  highlightAndCopy(r, s);
  drillDown(r, s);
  runQuery(r, s, true);
  r.emit(r.pause(3000, 0.4), { type: 'dead-click', target: { selector: 'div.query-result th.sortable-disabled', text: 'revenue' } });
  openDashboard(r, s, DASHBOARDS[1] as Dashboard, true);

  // The dice of the personal-data scenes: a PRNG of their own (see PERSONAL_SCENES).
  const dice = options.personalData === true ? new Recorder(start, mulberry32(options.seed ^ 0x5eed)) : undefined;
  while (r.events.length < count) {
    pickScene(r)(r, s);
    if (dice?.chance(PERSONAL_SCENE_CHANCE) === true) dice.pick(PERSONAL_SCENES)(r, dice);
  }
  const events = r.events.slice(0, count);

  return {
    id: 'u-4410:s-60217',
    created_time: new Date(start - 412).toISOString(),
    user: {
      id: 'u-4410',
      uid: 'hana.sato',
      display_name: 'Hana Sato',
      email: 'hana.sato@brightline.example',
      properties: { role: 'Senior analyst', team: 'Commercial analytics', seat: 'editor', sso: true },
    },
    org: {
      id: 'o-52',
      name: 'Brightline Commerce',
      properties: { industry: 'retail', plan: 'enterprise', seats: 180, region: 'eu1' },
    },
    location: { country: 'DE', region: 'Berlin', city: 'Berlin' },
    device: { type: 'desktop', browser: 'Chrome 131', os: 'macOS', viewport: { width: 1728, height: 1117 } },
    events,
  };
}

/**
 * Fixture JSON as the files in sessions-fixtures/ are written: the header pretty-printed, one
 * event per line, U+2028/U+2029 escaped so that every editor shows them.
 */
export function serializeSession(fixture: SessionFixture): string {
  const { events, ...header } = fixture;
  const lines = Object.entries(header)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`);
  const eventLines = events.map((event) => `    ${JSON.stringify(event)}`);
  lines.push(eventLines.length === 0 ? '  "events": []' : `  "events": [\n${eventLines.join(',\n')}\n  ]`);
  return `{\n${lines.join(',\n')}\n}\n`.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: String(DEFAULT_EVENTS) },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      start: { type: 'string' },
      'personal-data': { type: 'boolean' },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log('usage: npx tsx scripts/generate-long-session.ts [--events N] [--seed S] [--start ISO] [--personal-data] [--output FILE]');
    return;
  }
  const events = Number(values.events);
  const seed = Number(values.seed);
  if (!Number.isInteger(events) || events < 0) throw new Error(`--events: expected a non-negative integer, got ${values.events}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed: expected an integer, got ${values.seed}`);
  const here = dirname(fileURLToPath(import.meta.url));
  const output = values.output ?? resolve(here, '../sessions-fixtures/long-session.json');
  const fixture = generateLongSession({ events, seed, personalData: values['personal-data'] === true, ...(values.start === undefined ? {} : { start: values.start }) });
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, serializeSession(fixture));
  const first = fixture.events[0]?.timestamp;
  const last = fixture.events.at(-1)?.timestamp;
  const minutes = first && last ? ((Date.parse(last) - Date.parse(first)) / 60000).toFixed(1) : '0';
  console.log(`wrote ${output}: ${fixture.events.length} events over ${minutes} minutes (seed ${seed})`);
}

/** True when node runs this file, also through a link (Node resolves the link for `import.meta.url`, not in argv). */
function runAsScript(entry: string | undefined): boolean {
  if (entry === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (runAsScript(process.argv[1])) {
  try {
    main();
  } catch (error) {
    console.error(`generate-long-session: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}
