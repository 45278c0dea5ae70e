export type TestPostgres = {
  dir: string;
  port: number;
  /** postgres://postgres@127.0.0.1:PORT (no database). */
  baseUrl: string;
  createDatabase(name?: string): string;
  stop(): void;
  start(): void;
  destroy(): void;
};
export declare function postgresBinDir(): string | undefined;
export declare function freePort(): Promise<number>;
export declare function startPostgres(options?: { port?: number; durable?: boolean }): Promise<TestPostgres>;
export declare function createDatabaseSync(baseUrl: string, name: string): string;
export declare function destroyPostgres(dir: string): void;
