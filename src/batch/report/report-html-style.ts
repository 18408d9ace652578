// The HTML report's only stylesheet, inlined in a <style> element: local system fonts, no
// external resource, readable on a 375 px phone and on paper.

/**
 * CSS of the HTML report. Charts scale with the page (`width: 100%`, height from the `viewBox`);
 * tables wrap long labels instead of scrolling, and stack into blocks on narrow screens; print
 * drops backgrounds and keeps each chart on one page.
 */
export const REPORT_HTML_STYLE = `
*, *::before, *::after { box-sizing: border-box; }
html { color-scheme: light; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d232b; background: #fff; overflow-wrap: anywhere; }
h1 { font-size: 1.4rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; padding-bottom: 0.2rem; border-bottom: 1px solid #d0d7de; }
h3 { font-size: 1rem; margin: 1.25rem 0 0.4rem; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.9em; }
a { color: #0b5cad; }
.muted, .sources, .setups:not(.warning) { color: #57606a; }
.sources { margin: 0; padding-left: 1.2rem; font-size: 0.9rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0.5rem 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.figure { margin: 0.5rem 0 1rem; break-inside: avoid; page-break-inside: avoid; }
svg.chart { display: block; width: 100%; max-width: 34rem; height: auto; }
svg.chart .bar { fill: #3b6ea5; }
svg.chart text { font: 14px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; fill: #1d232b; }
svg.chart .chart-axis { font-size: 12px; fill: #57606a; }
svg.chart .axis { stroke: #8c959f; stroke-width: 1; }
.bar-sessions details { margin: 0.15rem 0; }
.bar-sessions summary { cursor: pointer; }
.links { font-size: 0.9rem; }
.warning { border-left: 4px solid #b35900; background: #fff4e5; padding: 0.5rem 0.75rem; margin: 0.5rem 0; }
.summary-text { border-left: 4px solid #d0d7de; padding: 0 0.75rem; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.4rem; border-bottom: 1px solid #d0d7de; }
th.number, td.number { text-align: right; width: 5.5rem; }
@media (max-width: 600px) {
  body { padding: 0.75rem; }
  table.patterns thead { display: none; }
  table.patterns, table.patterns tbody, table.patterns tr, table.patterns td { display: block; width: auto; }
  table.patterns tr { border-bottom: 1px solid #d0d7de; padding: 0.3rem 0; }
  table.patterns td { border: none; padding: 0.1rem 0; text-align: left; }
  table.patterns td::before { content: attr(data-label) ": "; font-weight: 600; }
}
@media print {
  html, body { background: none; color: #000; }
  body { max-width: none; padding: 0; font-size: 11pt; }
  a { color: #000; }
  .warning, .summary-text { background: none; border-left-color: #000; }
  .figure, tr, details, .warning { break-inside: avoid; page-break-inside: avoid; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  svg.chart { max-width: 100%; }
  svg.chart .bar { fill: #555; }
  svg.chart text { fill: #000; }
}
`;
