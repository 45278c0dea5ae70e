export declare const GOOGLE_TEST_SECRET: string;
export declare const SITEVERIFY_PATH: string;
export type FakeSiteverify = {
  url: string;
  base: string;
  requests: { contentType: string | null; secret: string | null; response: string; remoteip: string | null }[];
  close(): Promise<void>;
};
export declare function startFakeSiteverify(options?: { port?: number; host?: string; secret?: string }): Promise<FakeSiteverify>;
