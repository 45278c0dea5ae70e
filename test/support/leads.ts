/** A string no other test run uses: keeps submission ids, tokens and messages apart between parallel tests. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A valid contact submission (the fake siteverify passes `pass:` tokens), with any field overridden. */
export const lead = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@navy.example",
  company: "Navy",
  message: `Compilers ${unique()}`,
  recaptchaToken: `pass:${unique()}`,
  ...overrides,
});
