import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import type { UserConfig } from 'vite';

export default ({ command }: { command: 'build' | 'serve' }) =>
  ({
    plugins: [react(), vike()],
    // A build says only what needs reading: warnings and errors (issue 29, ADR 0038). At `info` it listed every output
    // file, ~240 lines per `make build` and `make start`. The dev server (`make dev`) keeps `info` for its reloads.
    logLevel: command === 'build' ? 'warn' : 'info',
    build: {
      outDir: 'dist/web',
      // Only the file table showed these sizes, and computing them took a gzip of every file.
      reportCompressedSize: false,
      rolldownOptions: {
        // "[PLUGIN_TIMINGS] JavaScript callbacks ran for 5.1s of this 5.8s build": a profiling hint (an info log) that
        // comes when the machine is busy, not a fault of the build. Off, rolldown does not time the callbacks at all;
        // the checks that warn of real faults stay on.
        checks: { bundlerTimings: false },
      },
    },
  }) satisfies UserConfig;
