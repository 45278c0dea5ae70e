import type pg from "pg";

/**
 * Runs `work` on a client checked out of the pool, and gives it back. While a client is checked out the pool no
 * longer listens for its errors, so a backend that dies under it (a restart, a failover, pg_terminate_backend)
 * would emit an unhandled 'error' and end the process: here the error is kept, the query under way fails with it,
 * and the client is given back as broken (the pool closes it). `release: "broken"` closes it in any case (for a
 * client whose session settings were changed).
 */
export async function withPoolClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, { release }: { release?: "broken" } = {}): Promise<T> {
  const client = await pool.connect();
  let broken: Error | boolean | undefined = release === "broken" || undefined;
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
  try {
    return await work(client);
  } catch (error) {
    // Whatever failed inside a transaction, the connection is tried once more; if it cannot roll back, it is broken.
    await client.query("ROLLBACK").catch((rollbackError: Error) => (broken ??= rollbackError));
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
