import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SHOP_NAME } from '../../config/shop.js';

/**
 * The OpenAPI document, generated from the controllers; served outside production only. Generated on its first
 * request, not at start: walking every controller and request class costs each start of a development or test
 * application (every e2e file starts one) for a document few of them read.
 */
export function serveOpenApiDocument(app: NestFastifyApplication): void {
  const config = new DocumentBuilder()
    .setTitle(`${SHOP_NAME} API`)
    .setDescription('JSON API of the shop. Field names are snake_case; errors share one body shape.')
    .setVersion('1')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config), { ui: false, raw: ['json'], jsonDocumentUrl: 'api/openapi.json' });
}
