// @vitest-environment node
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSiteverify, type FakeSiteverify } from "../../test/support/fake-siteverify.mjs";
import { createLogger } from "../logger";
import { checkRecaptchaSecret, checkRecaptchaSecretAtStartup } from "./secret-check";

// Against the loopback stand-in for siteverify, which answers like Google: wrong secret → invalid-input-secret,
// right secret with a dummy token → invalid-input-response.
const SECRET = "6Lc-real-looking-secret-for-tests";
let fake: FakeSiteverify;
beforeAll(async () => {
  fake = await startFakeSiteverify({ secret: SECRET });
});
afterAll(() => fake.close());

const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe("checkRecaptchaSecret", () => {
  it("accepts the right secret (the dummy token is refused, the secret is not)", async () => {
    expect(await checkRecaptchaSecret({ url: fake.url, secret: SECRET })).toEqual({ status: "ok" });
  });

  it("reports a wrong or empty secret", async () => {
    expect(await checkRecaptchaSecret({ url: fake.url, secret: "rotated-old-secret" })).toEqual({ status: "wrong", reason: "invalid-input-secret" });
    expect(await checkRecaptchaSecret({ url: fake.url, secret: "" })).toEqual({ status: "wrong", reason: "missing-input-secret" });
  });

  it("knows nothing when siteverify cannot be reached", async () => {
    const result = await checkRecaptchaSecret({ url: `http://127.0.0.1:${await closedPort()}/`, secret: SECRET });
    expect(result).toMatchObject({ status: "unknown", reason: expect.stringMatching(/unreachable/) });
  });
});

describe("checkRecaptchaSecretAtStartup", () => {
  const config = (NODE_ENV: string, recaptchaSecret: string, url = fake.url) => ({ NODE_ENV, recaptchaSecret, RECAPTCHA_VERIFY_URL: url });

  it("stops a production server with a wrong secret, with a message that says what to fix", async () => {
    await expect(checkRecaptchaSecretAtStartup(config("production", "wrong"), createLogger("silent"))).rejects.toThrow(
      /RECAPTCHA_SECRET_KEY is wrong.*invalid-input-secret.*Refusing to start with NODE_ENV=production/,
    );
  });

  it("only warns in production when Google cannot be reached, and lets development start with a wrong secret", async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}/`;
    await expect(checkRecaptchaSecretAtStartup(config("production", SECRET, unreachable), createLogger("silent"))).resolves.toMatchObject({ status: "unknown" });
    await expect(checkRecaptchaSecretAtStartup(config("development", "wrong"), createLogger("silent"))).resolves.toMatchObject({ status: "wrong" });
  });
});
