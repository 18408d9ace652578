// A full-page PNG of an HTML report (`recap report --output report.html`) in headless Chromium, to
// look at the page as a phone or a desktop shows it without opening a browser.
//
//   npx tsx scripts/report-screenshot.ts report.html [out.png] [--width 375]
//
// defaults: out.png is the report's path with `.png` for `.html`; width 1024 px. Chromium is
// /usr/bin/chromium, or CHROMIUM_PATH. The report must not fetch anything: requests other than
// the file itself are refused and listed on stderr.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const USAGE = 'usage: npx tsx scripts/report-screenshot.ts report.html [out.png] [--width 375]';

/** What to capture, from the command line. */
interface ScreenshotArguments {
  readonly input: string;
  readonly output: string;
  readonly width: number;
}

function readArguments(argv: readonly string[]): ScreenshotArguments {
  const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: { width: { type: 'string', default: '1024' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const [input, output, ...rest] = positionals;
  if (input === undefined || rest.length > 0) throw new Error(USAGE);
  const width = Number(values.width);
  if (!Number.isInteger(width) || width < 200 || width > 4000) throw new Error(`--width must be a whole number of pixels from 200 to 4000, not "${values.width}"`);
  return { input, output: output ?? `${input.replace(/\.html?$/i, '')}.png`, width };
}

async function main(): Promise<void> {
  const { input, output, width } = readArguments(process.argv.slice(2));
  if (!existsSync(input)) throw new Error(`${input}: no such file`);
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable`);
  }
  const pageUrl = pathToFileURL(resolve(input)).href;
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const refused: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url() === pageUrl) return route.continue();
      refused.push(route.request().url());
      return route.abort();
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    await page.screenshot({ path: output, fullPage: true });
    for (const url of refused) console.error(`report-screenshot: the page requested ${url} (refused)`);
    // A string, not a function: the project compiles without the DOM library.
    const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    if (scrollWidth > width) console.error(`report-screenshot: the page is ${scrollWidth} px wide, wider than the ${width} px viewport`);
    console.log(`report-screenshot: wrote ${output} (${width} px wide)`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(`report-screenshot: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
