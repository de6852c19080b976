/**
 * npm run bench:assets-og: the OG image renderer, as "Update Our OG Image" runs it (satori layout, then sharp's
 * PNG), for each of the six templates. The first render (loading satori, sharp and the fonts) is reported on its
 * own; then each template renders BENCH_OG_RUNS times (default 20), one after the other. Budget: p50 at most 300 ms
 * per template. `main` is exported for the combined `npm run bench:assets`.
 */
import { pathToFileURL } from "node:url";
import { OG_DEFAULT_CONFIG, OG_TEMPLATES, OG_TEMPLATE_LOOKS, applyOgTemplate, type OgTemplate } from "#common/site-assets/og.ts";
import { renderOgPng } from "#server/features/site-assets/index.ts";
import { percentile } from "./bench-support";

export const OG_P50_BUDGET_MS = 300;

export type OgTemplateTiming = { template: OgTemplate; p50: number; p95: number; ok: boolean };

/** A realistic design: a title with an emoji, a subtitle and a domain, in each template's look. */
export const designOf = (template: OgTemplate) =>
  applyOgTemplate(
    {
      ...OG_DEFAULT_CONFIG,
      title: "Ship it for $100 🚀",
      subtitle: "Small experiments, real lessons, shared in public",
      domain: "lab.example",
    },
    template,
  );

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function benchOgTemplates(runs: number): Promise<{ coldMs: number; timings: OgTemplateTiming[] }> {
  const coldMs = await timed(() => renderOgPng(designOf("modern")));
  const timings: OgTemplateTiming[] = [];
  for (const template of OG_TEMPLATES) {
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await timed(() => renderOgPng(designOf(template))));
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 50);
    timings.push({ template, p50, p95: percentile(samples, 95), ok: p50 <= OG_P50_BUDGET_MS });
  }
  return { coldMs, timings };
}

/** Prints the table and answers whether every template is within budget. */
export async function main(): Promise<boolean> {
  const runs = Number(process.env.BENCH_OG_RUNS ?? 20);
  const { coldMs, timings } = await benchOgTemplates(runs);
  console.log(`\nOG image render (satori + sharp PNG, 1200x630), ${runs} runs per template. Budget: p50 at most ${OG_P50_BUDGET_MS} ms.`);
  console.log(`First render (loads satori, sharp and the fonts): ${Math.round(coldMs)} ms`);
  console.table(
    timings.map(({ template, p50, p95, ok }) => ({
      template: OG_TEMPLATE_LOOKS[template].label,
      "p50 (ms)": Math.round(p50),
      "p95 (ms)": Math.round(p95),
      result: ok ? "ok" : "OVER",
    })),
  );
  const passed = timings.every((timing) => timing.ok);
  console.log(passed ? "PASS" : "FAIL: over budget");
  return passed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main()
    .then((passed) => {
      process.exitCode = passed ? 0 : 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
