import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

/** Where chromium is looked for when `CHROMIUM_PATH` is not set (Debian's `chromium` package). */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags that keep headless chromium quiet on a machine without a network. */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]);

/** The measured size and mark count of one chart. */
export interface ChartMeasurement {
  id: string;
  width: number;
  height: number;
  /** Shapes that carry data (`[data-mark]`). */
  marks: number;
  /** Whether the chart's SVG source in the HTML file parses as XML. */
  wellFormed: boolean;
}

/** A box on the page whose content is wider than the box, so part of it is hidden or scrolls. */
export interface Overflow {
  /** The id of the section it is in. */
  section: string;
  scrollWidth: number;
  clientWidth: number;
}

/** The width the report must fit without scrolling sideways: a common laptop screen. */
export const FIT_WIDTH_PX = 1280;

/** What the render check measured on the page. */
export interface RenderCheckResult {
  /** The viewport the page was opened in. */
  viewportWidth: number;
  /** The page's scroll size: wider than the viewport means it scrolls sideways. */
  width: number;
  height: number;
  charts: ChartMeasurement[];
  /** Tables and charts whose content is cut off or scrolls inside them (empty when everything fits). */
  overflowing: Overflow[];
}

/**
 * Runs inside the page: measures each `svg[data-chart]` and checks that its SVG source parses as
 * XML. Kept as plain JavaScript text because transpilers (tsx) add helpers such as `__name` to
 * functions, which do not exist in the page.
 */
const MEASURE_CHARTS = `(sources) => {
  const wellFormed = (source) =>
    typeof source === "string" &&
    new DOMParser().parseFromString(source, "image/svg+xml").getElementsByTagName("parsererror")
      .length === 0;
  const charts = Array.from(document.querySelectorAll("svg[data-chart]")).map((svg, index) => {
    const box = svg.getBoundingClientRect();
    return {
      id: svg.id,
      width: Math.round(box.width),
      height: Math.round(box.height),
      marks: svg.querySelectorAll("[data-mark]").length,
      wellFormed: wellFormed(sources[index]),
    };
  });
  const overflowing = Array.from(document.querySelectorAll(".table-wrap, .chart, section.card"))
    .filter((box) => box.scrollWidth > box.clientWidth + 1)
    .map((box) => ({
      section: (box.closest("section") || box).id || "",
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
    }));
  const root = document.documentElement;
  return {
    viewportWidth: window.innerWidth,
    width: root.scrollWidth,
    height: root.scrollHeight,
    charts,
    overflowing,
  };
}`;

/** The chromium binary to use: `CHROMIUM_PATH` or `/usr/bin/chromium`, or null when neither exists. */
export function findChromium(): string | null {
  const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  return existsSync(path) ? path : null;
}

/** True when the page fits its viewport: no sideways scroll, no table or chart cut off. */
export function fits(result: RenderCheckResult): boolean {
  return result.width <= result.viewportWidth && result.overflowing.length === 0;
}

/**
 * Opens an HTML report in headless chromium at `widthPx` (default FIT_WIDTH_PX), measures every
 * chart and what overflows, and saves a full-page screenshot.
 */
export async function renderCheck(
  htmlPath: string,
  pngPath: string,
  options: { widthPx?: number } = {},
): Promise<RenderCheckResult> {
  const executablePath = findChromium();
  if (executablePath === null) {
    throw new Error(
      `No chromium binary at ${process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH}: ` +
        `install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const html = await readFile(htmlPath, "utf8");
  const svgSources = html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
  const userDataDir = await mkdtemp(join(tmpdir(), "lackpy-render-check-"));
  // Playwright passes the fresh profile folder to chromium as --user-data-dir.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: [...CHROMIUM_ARGS],
    viewport: { width: options.widthPx ?? FIT_WIDTH_PX, height: 900 },
  });
  try {
    const page = await context.newPage();
    await page.goto(pathToFileURL(resolve(htmlPath)).href, { waitUntil: "load" });
    const result: RenderCheckResult = await page.evaluate(
      `(${MEASURE_CHARTS})(${JSON.stringify(svgSources)})`,
    );
    await page.screenshot({ path: pngPath, fullPage: true });
    return result;
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
