import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { Environment } from './config/environment.js';
import { ContentModule, contentEntities } from './modules/content/index.js';
import { PersistenceModule } from './platform/persistence/persistence.module.js';

/** Everything but the HTTP edge: what the web server and the command line both run. */
@Module({})
export class CoreModule {
  static forRoot(env: Environment): DynamicModule {
    return {
      module: CoreModule,
      imports: [ConfigModule.forRoot(env), PersistenceModule.forRoot(env, [...contentEntities]), ContentModule],
      exports: [ContentModule],
    };
  }
}
