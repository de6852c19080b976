/**
 * Keeping a bench's load generator off the cores of the server it measures.
 *
 * On a small machine, autocannon and the server share the cores. Each response wakes the load generator,
 * which then competes with the server for the core it just left, and that costs a server more, the slower its
 * route: on the 2-core machine of decision 026, each microsecond of a route's own work cost 1.5 to 2 of the
 * server's CPU. A route's throughput against another's then measures the scheduler as much as the routes.
 * Giving the server one core of its own (a Node server is one event loop: production runs one per core) and the
 * load generator the others makes the comparison about the routes. The database's backends serving the bench go
 * there too where this process may move them (as root, or as the database's own user): left to the system, they
 * ran on the server's core in some runs and not in others.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export type CpuSplit = { server: number; loadGenerator: number[] };

/** Parses a CPU list as Linux writes it ("0-3,6"). */
export function parseCpuList(list: string): number[] {
  return list
    .trim()
    .split(",")
    .filter(Boolean)
    .flatMap((part) => {
      const [first, last = first] = part.split("-").map(Number) as [number, number?];
      return Array.from({ length: last - first + 1 }, (_, index) => first + index);
    });
}

/**
 * The first CPU this process may use for the server, the others for the load generator; null where that is not
 * possible (fewer than two CPUs, not Linux, or no `taskset`), and the bench then runs everything unpinned.
 */
export function splitCpus(): CpuSplit | null {
  let allowed: number[];
  try {
    const list = /^Cpus_allowed_list:\s*(.+)$/m.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1];
    if (!list) return null;
    allowed = parseCpuList(list);
  } catch {
    return null;
  }
  if (allowed.length < 2 || spawnSync("taskset", ["--version"]).status !== 0) return null;
  const [server, ...loadGenerator] = allowed as [number, ...number[]];
  return { server, loadGenerator };
}

/**
 * Moves a running process, all its threads, onto `cpus`: the bench's own (autocannon), or a database backend
 * serving the server. False where that is not allowed (another user's process) or the process is not on this machine.
 */
export function pinProcess(pid: number, cpus: number[]): boolean {
  return spawnSync("taskset", ["--all-tasks", "--cpu-list", "--pid", cpus.join(","), String(pid)]).status === 0;
}

/** How a command is started on one CPU: `taskset` execs it, so the child's pid is the command's own. */
export const onCpu = (cpu: number, command: string, args: string[]): [string, string[]] => [
  "taskset",
  ["--cpu-list", String(cpu), command, ...args],
];

/**
 * Lets the load generator preempt the database's backends on the core they share, for the bench's duration.
 *
 * Linux schedules each session's processes as one group (autogroup): Postgres, started in a session of its own,
 * competes with this session as a group, so neither `nice` nor SCHED_IDLE on its backends lets autocannon preempt
 * a backend running a batch. Autocannon, woken by a 202, then waited up to 4.7 ms for the backend's time slice,
 * every connection's next request unsent, and the persisted server's core idled 9 to 11 % of each turn (the
 * other two servers, which the database does not serve: about 2 %). That measured the placement, not the route.
 * This session's group runs at nice -20 until the returned function restores it; null where that is not possible,
 * and the bench says so: no autogroup (the file reads empty for a process whose session was never started with
 * setsid, such as one a service manager runs directly), or not allowed to raise a priority.
 */
export function favourThisSession(autogroup = "/proc/self/autogroup"): (() => void) | null {
  try {
    // "/autogroup-85 nice 0"
    const before = /nice (-?\d+)/.exec(fs.readFileSync(autogroup, "utf8"))?.[1];
    if (before === undefined) return null;
    fs.writeFileSync(autogroup, "-20");
    return () => fs.writeFileSync(autogroup, before);
  } catch {
    return null;
  }
}
