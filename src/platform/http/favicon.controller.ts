import { Controller, Get, Header, Module } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../config/project-root.js';

/**
 * Pages name their icon in the head, but documents without one (/sitemap.xml, /robots.txt, a JSON answer
 * opened in a tab) make browsers ask for /favicon.ico: answer with the logo instead of a 404 page.
 */
@Controller()
export class FaviconController {
  private readonly logo = readFileSync(path.join(PROJECT_ROOT, 'web', 'assets', 'logo.svg'));

  @Get('favicon.ico')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  favicon(): Buffer {
    return this.logo;
  }
}

@Module({ controllers: [FaviconController] })
export class FaviconModule {}
