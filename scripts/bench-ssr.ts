/**
 * npm run bench:ssr — requests per second of the server-rendered pages against the static shell, in one run
 * on the real (compiled) server: `/` and `/builders` (six approved builders) against `/today`, which the same
 * server answers with the built index.html as it is (a client-rendered page: same hooks, no rendering).
 * Anonymous visitors get rendered pages from the page cache that a content change clears (budget: at least 0.3
 * of the shell's figure). The uncached figure is a visitor with a session cookie (rendered for them each time:
 * their own profile's Edit button), shown for information. Turns alternate so that load elsewhere on the
 * machine weighs on every figure alike.
 */
import autocannon from "autocannon";
import { startPublicSite } from "./public-site-server";

const MIN_RATIO = 0.3;
const CONNECTIONS = 20;
const TURNS = 3;
const TURN_SECONDS = 3;
const BUILDERS = ["Ada Moreno", "Kenji Watanabe", "Priya Raman", "Lucas Ferreira", "Nora Lindqvist", "Samuel Okafor"];

const TARGETS = [
  { label: "static shell (/today)", path: "/today" },
  { label: "/ (rendered, cached)", path: "/", budgeted: true },
  { label: "/builders (rendered per request)", path: "/builders", headers: { cookie: "session=bench-unknown-session" } },
  { label: "/builders (rendered, cached)", path: "/builders", budgeted: true },
];

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: TURN_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const site = await startPublicSite();
let passed = true;
try {
  for (const name of BUILDERS) await site.addBuilder(name);
  const rates = TARGETS.map(() => [] as number[]);
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [index, target] of TARGETS.entries())
      rates[index]!.push(await requestsPerSecond(site.baseUrl + target.path, target.headers));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const shell = mean(rates[0]!);
  console.log(`\nbench:ssr: ${CONNECTIONS} connections, ${TURNS} alternating turns of ${TURN_SECONDS} s each\n`);
  for (const [index, target] of TARGETS.entries()) {
    const rate = mean(rates[index]!);
    const budgeted = target.budgeted === true;
    const ok = !budgeted || rate / shell >= MIN_RATIO;
    passed &&= ok;
    const ratio =
      index === 0 ? "" : `  ${(rate / shell).toFixed(2)} of the shell${budgeted ? (ok ? " (ok)" : ` (under ${MIN_RATIO})`) : ""}`;
    console.log(`  ${target.label.padEnd(34)} ${Math.round(rate).toString().padStart(6)} req/s${ratio}`);
  }
  console.log(passed ? `\nRendered pages within budget (at least ${MIN_RATIO} of the shell)` : "\nOver budget");
} finally {
  await site.stop();
}
if (!passed) process.exitCode = 1;
