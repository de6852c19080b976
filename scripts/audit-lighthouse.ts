/**
 * npm run audit:lighthouse — Lighthouse (mobile, simulated throttling: its defaults) on Debian's Chromium
 * against the built app started as production runs it, with six approved builders in the directory and a shared
 * experiment. Five runs per page; the table shows each figure's median, and the budgets of the public pages.
 * CHROME_PATH overrides the browser (default /usr/bin/chromium); paths given as arguments replace the
 * pages (`npm run audit:lighthouse -- /builders`; `/lab/{id}` is the shared experiment's page).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startPublicSite } from "./public-site-server";

const SHARED_EXPERIMENT = "/lab/{id}";
const PAGES = process.argv.length > 2 ? process.argv.slice(2) : ["/", "/builders", "/login", SHARED_EXPERIMENT];
const RUNS = 5;
const BUILDERS = ["Ada Moreno", "Kenji Watanabe", "Priya Raman", "Lucas Ferreira", "Nora Lindqvist", "Samuel Okafor"];

type Run = Figures & { benchmarkIndex: number };
type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};
type Budget = { label: string; pass: (value: number) => boolean; format: (value: number) => string };

const score = (value: number) => String(Math.round(value * 100));
const BUDGETS: Record<keyof Figures, Budget> = {
  performance: { label: "perf (>= 95)", pass: (v) => v >= 0.95, format: score },
  accessibility: { label: "a11y (100)", pass: (v) => v >= 1, format: score },
  bestPractices: { label: "best pr. (100)", pass: (v) => v >= 1, format: score },
  seo: { label: "SEO (100)", pass: (v) => v >= 1, format: score },
  lcpMs: { label: "LCP (<= 2.0 s)", pass: (v) => v <= 2000, format: (v) => `${(v / 1000).toFixed(2)} s` },
  tbtMs: { label: "TBT (<= 150 ms)", pass: (v) => v <= 150, format: (v) => `${Math.round(v)} ms` },
  cls: { label: "CLS (<= 0.02)", pass: (v) => v <= 0.02, format: (v) => v.toFixed(3) },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const category = (id: string) => categories[id]?.score ?? 0;
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: category("performance"),
    accessibility: category("accessibility"),
    bestPractices: category("best-practices"),
    seo: category("seo"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

const site = await startPublicSite();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
let failed = false;
try {
  for (const name of BUILDERS) await site.addBuilder(name);
  const experimentPath = await site.addSharedExperiment("Sell a $5 budgeting template to freelancers");
  const pathOf = (page: string) => (page === SHARED_EXPERIMENT ? experimentPath : page);
  const keys = Object.keys(BUDGETS) as Array<keyof Figures>;
  console.log(`\nLighthouse ${RUNS} mobile runs per page (median), ${site.baseUrl}\n`);
  console.log(["page".padEnd(10), ...keys.map((key) => BUDGETS[key].label.padStart(16)), "CPU index".padStart(11)].join(""));
  for (const page of PAGES) {
    // One run to warm the server (first render, caches), not counted.
    await audit(site.baseUrl + pathOf(page), chrome.port);
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await audit(site.baseUrl + pathOf(page), chrome.port));
    const cells = keys.map((key) => {
      const value = median(runs.map((figures) => figures[key]));
      const ok = BUDGETS[key].pass(value);
      failed ||= !ok;
      return `${BUDGETS[key].format(value)}${ok ? "" : " !"}`.padStart(16);
    });
    // Lighthouse's own measure of this machine's speed: throttling multiplies the CPU time it observes, so a busy
    // or slow machine (an index far under 1000) inflates the blocking time and the paints.
    const cpuIndex = Math.round(median(runs.map((run) => run.benchmarkIndex)));
    console.log([page.padEnd(10), ...cells, String(cpuIndex).padStart(11)].join(""));
  }
  console.log(failed ? "\nOver budget where marked with !" : "\nEvery page within budget");
} finally {
  chrome.kill();
  await site.stop();
}
if (failed) process.exitCode = 1;
