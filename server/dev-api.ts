import { Hono } from "hono";

let api: Hono | undefined;

/** The API part of the app, for the Vite dev server. */
export async function createDevApi(): Promise<Hono> {
  api ??= new Hono();
  return api;
}
