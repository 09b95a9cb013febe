// `node scripts/cpu-time.mjs <file> <command> [args...]`: runs the command with this process's
// output, then writes to <file> the CPU time (ms, user and system) that it and every process it
// started used, and exits with the command's code. scripts/test.mjs runs each step through it to
// print the step's CPU time, which says what a step costs however busy the machine is (Linux only:
// elsewhere nothing is written).
// The command runs under scripts/reap-all.pl, which also reaps the processes whose parents did not
// wait for them (Chromium's renderers and GPU process): without it a browser step counted only about
// a third of its CPU. Without perl, those processes are not counted, and the figure says so.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { childrenCpu, root } from "./lib.mjs";

const [file, command, ...args] = process.argv.slice(2);
const reapAll = path.join(root, "scripts", "reap-all.pl");
let result = spawnSync("perl", [reapAll, command, ...args], { stdio: "inherit" });
const complete = !(result.error && "code" in result.error && result.error.code === "ENOENT");
if (!complete) result = spawnSync(command, args, { stdio: "inherit" });
if (result.error) console.error(`${command} could not start: ${result.error.message}`);
const cpu = childrenCpu();
if (cpu) writeFileSync(file, JSON.stringify({ ...cpu, complete }));
process.exit(result.status ?? 1);
