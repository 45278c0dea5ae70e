import { z } from "zod";

// Zod probes for eval (new Function) to compile its parsers the first time it parses an object. The live editor's
// CSP forbids eval, so the probe would be reported as a violation: imported first, this turns it off.
z.config({ jitless: true });
