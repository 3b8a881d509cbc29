import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PROJECT_ROOT } from '../../config/project-root.js';

/**
 * Development only: Vite's dev middleware on the same port, with hot reload over the same HTTP server.
 * Vike's renderPage finds this dev server by itself and renders pages from source.
 */
export async function mountViteDevServer(app: NestFastifyApplication): Promise<() => Promise<void>> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: PROJECT_ROOT,
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: app.getHttpServer() } },
  });
  app.use(vite.middlewares);
  return () => vite.close();
}
