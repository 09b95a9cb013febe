// `node scripts/cpu-time.mjs <file> <command> [args...]`: runs the command with this process's
// output, then writes to <file> the CPU time (ms, user and system) that it and every process it
// waited for used, and exits with the command's code. scripts/test.mjs runs each step through it to
// print the step's CPU time, which says what a step costs however busy the machine is (Linux only:
// elsewhere nothing is written).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { childrenCpu } from "./lib.mjs";

const [file, command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: "inherit" });
if (result.error) console.error(`${command} could not start: ${result.error.message}`);
const cpu = childrenCpu();
if (cpu) writeFileSync(file, JSON.stringify(cpu));
process.exit(result.status ?? 1);
