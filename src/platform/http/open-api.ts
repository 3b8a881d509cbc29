import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SHOP_NAME } from '../../config/shop.js';

/** The OpenAPI document, generated from the controllers; served outside production only. */
export function serveOpenApiDocument(app: NestFastifyApplication): void {
  const config = new DocumentBuilder()
    .setTitle(`${SHOP_NAME} API`)
    .setDescription('JSON API of the shop. Field names are snake_case; errors share one body shape.')
    .setVersion('1')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { ui: false, raw: ['json'], jsonDocumentUrl: 'api/openapi.json' });
}
