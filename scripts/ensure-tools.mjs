// `node scripts/ensure-tools.mjs chromium postgres promtool`: makes sure the named system programs are there
// before a test step needs them, installing Debian's packages when we run as root on Debian (see test/support/system-tools.mjs),
// else naming what to install and failing. With --e2e (the browser tests), PostgreSQL is skipped when E2E_ENGINES
// leaves it out.
// Installing prometheus on a machine with systemd also starts its server on port 9090: no test uses that port.
import { execSync } from "node:child_process";
import { installPlan, machine, tools, wantedTools } from "../test/support/system-tools.mjs";

const wanted = wantedTools(process.argv.slice(2));
const unknown = wanted.filter((name) => !(name in tools));
if (unknown.length > 0) {
  console.error(`Unknown tool ${unknown.join(", ")}: use ${Object.keys(tools).join(", ")}.`);
  process.exit(2);
}
const missing = wanted.filter((name) => tools[name].find() === undefined);
const plan = installPlan(missing, machine());
if (plan.action === "fail") {
  console.error(plan.message);
  process.exit(1);
}
if (plan.action === "install") {
  console.log(`Installing Debian's ${missing.map((name) => tools[name].package).join(", ")} for ${missing.join(", ")}.`);
  for (const command of plan.commands) execSync(command, { stdio: "inherit" });
  const still = missing.filter((name) => tools[name].find() === undefined);
  if (still.length > 0) {
    console.error(`Still missing after installing: ${still.join(", ")}.`);
    process.exit(1);
  }
}
