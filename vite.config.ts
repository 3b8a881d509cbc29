import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import type { UserConfig } from 'vite';
import { vikeViewportPrefetch } from './web/build/vike-viewport-prefetch.js';

export default ({ command }: { command: 'build' | 'serve' }) =>
  ({
    plugins: [react(), vike(), vikeViewportPrefetch()],
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
        output: {
          // Fewer, larger chunks for the storefront's first load (ADR 0064). Left to itself rolldown made a chunk for
          // each set of pages sharing a module: the product page loaded 18 scripts, a dozen under 1 kB, each with its
          // own request and its own gzip window (the budget counts each file's gzip).
          codeSplitting: {
            groups: [
              // What every page runs: React, Vike's client router and vike-react. It joins Vike's entry script.
              { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|vike|vike-react|@brillout)[\\/]/ },
              // The storefront layout's static part and what every catalogue page shows. Only these modules, not
              // their imports (api, shell, the page loader), which the admin portal shares and which stay apart.
              {
                name: 'storefront',
                includeDependenciesRecursively: false,
                test: new RegExp(
                  String.raw`web[\\/](pages[\\/]\+Layout|layouts[\\/]StorefrontLayout|components[\\/](SearchForm|DemoNotice|MainNav|SiteHeader|TopBar|catalogue[\\/]ProductCard)|lib[\\/](site-links|basket|catalogue|money|hydrate-later)|assets[\\/]logo)\.`,
                ),
              },
              // The small pieces the buying pages share (product, basket, checkout): notices and the quantity field.
              {
                name: 'buying',
                includeDependenciesRecursively: false,
                test: /(web[\\/](components[\\/](Notice|QuantityField)|lib[\\/]notice)|src[\\/]shared[\\/]contracts[\\/]basket)\./,
              },
            ],
          },
        },
      },
    },
  }) satisfies UserConfig;
