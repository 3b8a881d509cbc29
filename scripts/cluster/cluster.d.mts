import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export function findNginx(): string | null;
export function freePort(): Promise<number>;
export function nginxConfig(options: { dir: string; port: number; upstreamPorts: number[]; runAsRoot: boolean }): string;

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<number | string | null>;
  output(): string;
  stop(): Promise<number | string | null>;
}

export interface Cluster {
  /** nginx's address: what visitors use. */
  url: string;
  instances: Array<ClusterProcess & { port: number; url: string }>;
  worker: ClusterProcess;
  balancer: ClusterProcess;
  stop(): Promise<void>;
}

export function startCluster(options: {
  databaseUrl: string;
  dataDir: string;
  instances?: number;
  env?: Record<string, string>;
  nginx?: string | null;
  port?: number;
}): Promise<Cluster>;
