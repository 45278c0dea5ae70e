// @vitest-environment node
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule of eslint.config.js that keeps the test kit (test/support/) out of product code, run on sample files.
const eslint = new ESLint();
async function kitErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => /test\/support is the test kit/.test(message.message)).map((message) => message.ruleId);
}

describe("the test kit stays out of product code", () => {
  it.each(["server/http/sample.ts", "server/db/sample.ts", "app/lib/sample.ts", "cms/server/sample.ts", "scripts/sample.mjs"])("fails when %s imports it", async (file) => {
    const up = "../".repeat(file.split("/").length - 1);
    expect(await kitErrors(file, `import { startPostgres } from "${up}test/support/postgres.mjs";\nvoid startPostgres;\n`)).toEqual(["no-restricted-imports"]);
    expect(await kitErrors(file, `export const load = () => import("${up}test/support/servers");\n`)).toEqual(["no-restricted-syntax"]);
  });

  it.each(["server/db/sample.test.ts", "app/lib/sample.test.tsx", "scripts/ensure-tools.mjs", "e2e/sample.spec.ts", "bench/sample.mjs", "test/support/sample.ts"])("lets %s import it", async (file) => {
    const up = "../".repeat(file.split("/").length - 1);
    expect(await kitErrors(file, `import { startPostgres } from "${up}test/support/postgres.mjs";\nvoid startPostgres;\n`)).toEqual([]);
  });
});
